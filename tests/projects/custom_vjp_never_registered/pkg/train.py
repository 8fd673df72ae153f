import jax.numpy as jnp

from .ops import clip_gradient

SMOKE = clip_gradient(jnp.ones(3))  # expect: JXE052


def step(x):
    return clip_gradient(x)
