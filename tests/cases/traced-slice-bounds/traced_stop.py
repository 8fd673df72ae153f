import jax
import jax.numpy as jnp


@jax.jit
def head(x, n):
    return x[:n]  # expect: JXE076


print(head(jnp.arange(5.0), 2))
