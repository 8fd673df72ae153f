import functools

import jax
import jax.numpy as jnp


def last_index(n):
    return n - 1


@functools.partial(jax.jit, static_argnums=0)
def positions(n):
    # A plain Python helper of a static argument gives a Python int: a fine stop.
    return jnp.arange(last_index(n))


print(positions(5))
