import functools

import jax
import jax.numpy as jnp


def with_default_scale(fn):
    @functools.wraps(fn)
    def wrapper(x, scale=2.0):
        return fn(x, scale)
    return wrapper


@with_default_scale
@functools.partial(jax.vmap, in_axes=(0, None))
def scaled(x, s):
    return x * s


print(scaled(jnp.ones(3)))
