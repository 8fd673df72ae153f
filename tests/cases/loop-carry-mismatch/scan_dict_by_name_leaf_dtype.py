import jax.numpy as jnp
from jax import lax


def step(carry, x):
    return {"n": carry["n"] + 0.5, "v": carry["v"] + x}, None


init = {"n": jnp.int32(0), "v": jnp.zeros(3)}
print(lax.scan(step, init, jnp.ones((2, 3))))  # expect: JXE096
