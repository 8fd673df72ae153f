import jax
import jax.numpy as jnp

from .ops import clip_gradient, scale

SMOKE = clip_gradient(jnp.ones(3)) + scale(jnp.ones(3))
GRAD = jax.grad(clip_gradient)(2.0)
