import jax
import jax.numpy as jnp


@jax.jit
def window(x, start):
    return x[start:start + 3]  # expect: JXE076


print(window(jnp.arange(10.0), 2))
