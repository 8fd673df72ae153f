import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}


def predict(p, x):
    return p["w"] * x[0] + p["b"]


batched = jax.vmap(predict, in_axes=(None, (0, 0)))
print(batched(params, jnp.ones((5, 3))))  # expect: JXE115
