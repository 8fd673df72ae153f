"""A per-row bias, given its own axis."""

import jax.numpy as jnp

h = jnp.ones((4, 8))
bias = jnp.arange(4.0)
print(h + bias[:, None])
