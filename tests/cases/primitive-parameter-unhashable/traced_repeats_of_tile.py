import jax
import jax.numpy as jnp


@jax.jit
def stripes(pattern, repeats):
    return jnp.tile(pattern, (1, repeats))  # expect: JXE168


print(stripes(jnp.eye(2), 3).shape)
