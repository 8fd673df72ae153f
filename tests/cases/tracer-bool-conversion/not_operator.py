import jax
import jax.numpy as jnp


@jax.jit
def empty(x):
    missing = not jnp.any(x)  # expect: JXE070
    return missing


print(empty(jnp.zeros(3)))
