import jax
import jax.numpy as jnp

from .layers import dense


@jax.jit
def step(x, w):
    return jnp.tanh(dense(x, w))
