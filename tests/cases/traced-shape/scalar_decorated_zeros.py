import jax
import jax.numpy as jnp


@jax.jit
def padded(x, width):
    return jnp.concatenate([x, jnp.zeros(width)])  # expect: JXE072


print(padded(jnp.ones(2), 3))
