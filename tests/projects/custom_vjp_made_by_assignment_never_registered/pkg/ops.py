import jax
import jax.numpy as jnp


def _soft_clip(x):
    return jnp.tanh(x)


def _soft_clip_fwd(x):
    return jnp.tanh(x), x


def _soft_clip_bwd(x, g):
    return (g * (1.0 - jnp.tanh(x) ** 2),)


soft_clip = jax.custom_vjp(_soft_clip)
