import jax
import jax.numpy as jnp


@jax.jit
def scale(x, factor):
    return x * factor


try:
    scale(jnp.ones(3), "2")
except TypeError:
    print("factor must be a number")
