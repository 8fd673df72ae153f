"""A bwd rule written as bwd(res, g) for a function with nondiff_argnums (JXE051).

JAX calls it as bwd(fn, res, g): one argument more than it takes.
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply_activation(fn, x):
    return fn(x)


def apply_activation_fwd(fn, x):
    return fn(x), x


def apply_activation_bwd(x, g):  # expect: JXE051
    return (g * jax.grad(jnp.tanh)(x),)


apply_activation.defvjp(apply_activation_fwd, apply_activation_bwd)
print(jax.grad(apply_activation, argnums=1)(jnp.tanh, 0.5))
