import jax.numpy as jnp
from jax import lax


def scaled(x):
    return {"value": x * 2.0}


def clipped(x):
    return {"clipped": jnp.clip(x, 0.0, 1.0)}


x = jnp.ones(3)
print(lax.cond(True, scaled, clipped, x))  # expect: JXE095
