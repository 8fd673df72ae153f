import jax
import jax.numpy as jnp


def init(scale):
    return {"w": jnp.full((2, 3), scale), "b": jnp.zeros(3)}


def blend(params, history):
    return jax.tree_util.tree_map(lambda p, *h: (p + sum(h)) / (1 + len(h)), params, *history)


def blend_two(params, other):
    return jax.tree_util.tree_map(lambda p, o: (p + o) / 2, params, other)


params = init(1.0)
history = (init(2.0), init(3.0))
print(blend(params, history)["w"], blend_two(params, init(5.0))["b"])
