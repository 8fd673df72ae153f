import jax.numpy as jnp
from jax import lax


def step(state, x):
    return {"total": state["total"] + x, "last": x}, None


print(lax.scan(step, {"total": jnp.float32(0)}, jnp.ones(3)))  # expect: JXE096
