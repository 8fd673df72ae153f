"""vmap axes written for the parameters before a new one was added (JXE115)."""

import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(()), "scale": jnp.ones(())}


def predict(p, x):
    return (p["w"] * x + p["b"]) * p["scale"]


batched = jax.vmap(predict, in_axes=({"w": None, "b": None}, 0))
print(batched(params, jnp.ones((5, 3))))  # expect: JXE115
