"""A per-row bias added along the last axis (JXE102)."""

import jax.numpy as jnp

h = jnp.ones((4, 8))
bias = jnp.arange(4.0)
print(h + bias)  # expect: JXE102
