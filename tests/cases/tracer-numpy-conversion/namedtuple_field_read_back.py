from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Carry(NamedTuple):
    total: jax.Array
    count: jax.Array


@jax.jit
def summarize(x):
    carry = Carry(jnp.sum(x), jnp.float32(x.shape[0]))
    return np.float32(carry.total) / carry.count  # expect: JXE074


print(summarize(jnp.arange(4.0)))
