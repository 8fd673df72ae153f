import jax
import jax.numpy as jnp


def band(matrix, offset):
    return jnp.triu(matrix, offset)  # expect: JXE082


print(jax.jit(band)(jnp.ones((4, 4)), 1))
