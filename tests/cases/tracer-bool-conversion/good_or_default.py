import jax
import jax.numpy as jnp


@jax.jit
def pick(x, scale):
    unit = None or scale
    return x * unit


print(pick(jnp.ones(2), 3.0))
