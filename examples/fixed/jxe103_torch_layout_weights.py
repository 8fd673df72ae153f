"""The (out, in) weight matrix, transposed."""

import jax.numpy as jnp

x = jnp.ones((16, 784))
w = jnp.zeros((128, 784))
print((x @ w.T).shape)
