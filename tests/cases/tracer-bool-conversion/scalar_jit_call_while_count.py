import jax
import jax.numpy as jnp


def count(xs, n):
    i = 0
    while i < n:  # expect: JXE070
        i += 1
    return xs * i


print(jax.jit(count)(jnp.ones(3), 5))
