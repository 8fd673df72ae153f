import jax
import jax.numpy as jnp


@jax.jit
def expand(x, counts):
    return jnp.repeat(x, counts)  # expect: JXE071


print(expand(jnp.arange(3.0), jnp.array([1, 2, 1])))
