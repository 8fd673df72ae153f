import jax
import jax.numpy as jnp


def smaller_total(a, b):
    return min(jnp.sum(a), jnp.sum(b))  # expect: JXE070


print(jax.jit(smaller_total)(jnp.ones(3), jnp.zeros(3)))
