"""The accumulator starts as float32, the dtype the body returns."""

import jax.numpy as jnp
from jax import lax


def accumulate(total, row):
    return total + row, None


rows = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
totals, _ = lax.scan(accumulate, jnp.zeros(3), rows)
print(totals)
