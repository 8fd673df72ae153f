import functools

import jax.numpy as jnp
from jax import lax


def scale(factor, x):
    return x * factor


def truncate(x):
    return x.astype(jnp.int32)


x = jnp.ones(2)
print(lax.cond(True, functools.partial(scale, 2.0), truncate, x))  # expect: JXE095
