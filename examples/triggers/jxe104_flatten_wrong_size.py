"""Flattening 28x28 images with the size of 32x32 ones (JXE104)."""

import jax.numpy as jnp

images = jnp.zeros((8, 28, 28))
print(images.reshape(8, 1024).shape)  # expect: JXE104
