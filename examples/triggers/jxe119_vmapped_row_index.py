"""A per-example function vmapped over a batch still indexes the batch axis (JXE119)."""

import jax
import jax.numpy as jnp


def first_feature(row):
    return row[:, 0]  # expect: JXE119


batch = jnp.arange(12.0).reshape(4, 3)
print(jax.vmap(first_feature)(batch))
