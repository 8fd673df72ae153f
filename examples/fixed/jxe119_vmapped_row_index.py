"""Inside vmap each row is 1-D: index it as one example (JXE119, fixed)."""

import jax
import jax.numpy as jnp


def first_feature(row):
    return row[0]


batch = jnp.arange(12.0).reshape(4, 3)
print(jax.vmap(first_feature)(batch))
