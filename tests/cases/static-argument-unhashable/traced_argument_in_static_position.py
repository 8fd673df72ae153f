import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def scaled(x, factor):
    return x * factor


@jax.jit
def outer(x, factor):
    return scaled(x, factor)  # expect: JXE082


print(outer(jnp.ones(3), 2.0))
