"""An integer accumulator summed with floats in lax.scan (JXE096).

`jnp.zeros(3, dtype=jnp.int32)` fixes the carry's dtype; the body returns float32.
"""

import jax.numpy as jnp
from jax import lax


def accumulate(total, row):
    return total + row, None


rows = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
totals, _ = lax.scan(accumulate, jnp.zeros(3, dtype=jnp.int32), rows)  # expect: JXE096
print(totals)
