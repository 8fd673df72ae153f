"""Flattening with the size left to JAX."""

import jax.numpy as jnp

images = jnp.zeros((8, 28, 28))
print(images.reshape(8, -1).shape)
