"""A custom_vjp function with a nondiff argument, jitted as it is (JXE050).

jax.jit traces every argument it is not told is static, `temperature` included, and
custom_vjp refuses tracers where nondiff_argnums says the argument is not differentiable.
"""

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

fast_clip = jax.jit(soft_clip)(2.0, jnp.arange(3.0))  # expect: JXE050
print(fast_clip)
