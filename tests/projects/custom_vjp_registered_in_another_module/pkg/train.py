import jax
import jax.numpy as jnp

from .ops import CHECK, clip_gradient, safe_log


@jax.jit
def loss(x):
    return jnp.sum(safe_log(x) + clip_gradient(x)) + CHECK


def step(x):
    return jax.grad(loss)(x)
