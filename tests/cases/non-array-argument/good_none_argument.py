import jax
import jax.numpy as jnp


@jax.jit
def scale(x, mask):
    return x if mask is None else x * mask


print(scale(jnp.ones(3), None))
