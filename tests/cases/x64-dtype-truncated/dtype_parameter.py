import warnings

import jax.numpy as jnp

warnings.simplefilter("error")


def make(n, dtype):
    return jnp.zeros(n, dtype=dtype)  # the dtype is whatever the caller gives


print(make(3, jnp.float32))
