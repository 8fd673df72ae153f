import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def sum_first(a, k):
    return jnp.sum(lax.dynamic_slice(a, (0,), (k,)))  # expect: JXE072


print(sum_first(jnp.arange(5.0), 2))
