from jax.lax import fori_loop
import jax.numpy as jnp

buffer = jnp.arange(12.0)


def accumulate(k, acc):
    return acc + buffer[3 * k:3 * k + 3]  # expect: JXE076


print(fori_loop(0, 4, accumulate, jnp.zeros(3)))
