import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=0)
def last_index(n):
    return n - 1


@functools.partial(jax.jit, static_argnums=0)
def positions(n):
    # `n` is static here, but what the jitted helper returns is traced in this trace.
    return jnp.arange(last_index(n))  # expect: JXE071


print(positions(5))
