"""A weight matrix stored (out, in), as PyTorch does, used as (in, out) (JXE103)."""

import jax.numpy as jnp

x = jnp.ones((16, 784))
w = jnp.zeros((128, 784))
print((x @ w).shape)  # expect: JXE103
