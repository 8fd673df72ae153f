import jax
import jax.numpy as jnp


def init(scale):
    return {"w": jnp.full((2, 3), scale), "b": jnp.zeros(3)}


def blend(params, history):
    return jax.tree_util.tree_map(lambda p, *h: (p + sum(h)) / (1 + len(h)), params, history)  # expect: JXE114


params = init(1.0)
history = (init(2.0), init(3.0))
print(blend(params, history)["w"])
