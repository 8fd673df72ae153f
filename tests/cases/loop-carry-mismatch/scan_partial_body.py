import functools

import jax.numpy as jnp
from jax import lax


def body(scale, carry, x):
    return carry * scale, x


print(lax.scan(functools.partial(body, 2.0), jnp.int32(1), jnp.ones(3)))  # expect: JXE096
