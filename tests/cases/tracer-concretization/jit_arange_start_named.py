import jax
import jax.numpy as jnp


@jax.jit
def countdown(first):
    return jnp.arange(first, 10)  # expect: JXE071


print(countdown(3))
