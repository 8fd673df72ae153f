import jax.numpy as jnp
from jax import lax


def step(carry, x):
    return {"n": carry["n"] + 0.5, "v": carry["v"] + x}, None


init = {"n": jnp.int32(0), "v": jnp.zeros(3)}
init["n"] = jnp.float32(0)  # the entry the display shows is no longer the one JAX gets
print(lax.scan(step, init, jnp.ones((2, 3))))
