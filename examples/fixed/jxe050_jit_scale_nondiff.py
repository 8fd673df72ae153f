"""The temperature is a compile-time constant: static for jax.jit, so never traced."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def soft_clip(temperature, x):
    return temperature * jnp.tanh(x / temperature)


def soft_clip_fwd(temperature, x):
    return soft_clip(temperature, x), x


def soft_clip_bwd(temperature, x, g):
    return (g * (1.0 - jnp.tanh(x / temperature) ** 2),)


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd)

fast_clip = jax.jit(soft_clip, static_argnums=0)(2.0, jnp.arange(3.0))
print(fast_clip)
