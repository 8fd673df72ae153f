import jax
import jax.numpy as jnp


@jax.jit
def window(x, rows, start):
    row = rows[0]
    return x[row, start:start + 4]  # expect: JXE076


print(window(jnp.ones((3, 10)), jnp.array([1, 2]), 2))
