import jax
import jax.numpy as jnp
from jax import lax


def grow(v):
    return lax.while_loop(lambda c: jnp.sum(c) < 100.0, lambda c: c * 1.5, v)  # expect: JXE107


print(jax.jacrev(grow)(jnp.ones(3)))
