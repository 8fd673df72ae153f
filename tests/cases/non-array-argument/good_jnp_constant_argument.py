import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


print(jax.jit(scale)(jnp.ones(2), jnp.pi))
