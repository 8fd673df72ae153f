from jax import jit
import jax.numpy as jnp


def buffer(rows):
    return jnp.ones((rows, 3))  # expect: JXE072


make = jit(buffer)
print(make(4))
