import jax
import jax.numpy as jnp
from jax import lax


def scale(x, factor):
    return lax.mul(x, factor)


@jax.jit
def step(x):
    return lax.add(x, x * 2)


print(scale(jnp.ones(2), 3.0), step(jnp.ones(2)))
