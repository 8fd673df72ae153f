import jax
import jax.numpy as jnp


@jax.jit
def cache_key(x):
    return hash(jnp.sin(x))  # expect: JXE113


print(cache_key(jnp.ones(3)))
