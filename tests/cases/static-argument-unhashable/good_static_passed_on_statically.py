import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def scaled(x, factor):
    return x * factor


@functools.partial(jax.jit, static_argnums=1)
def outer(x, factor):
    return scaled(x, factor)  # static in both: a Python float, hashable


print(outer(jnp.ones(3), 2.0))
