"""`n` is static: JAX compiles once per length and `jnp.arange(n)` gets a Python integer."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n",))
def positions(x, n):
    return x[:, None] * jnp.arange(n)


print(positions(jnp.ones(3), 4).shape)
