"""The index stays an integer scalar (JXE124, fixed)."""

import jax.numpy as jnp

labels = ["cat", "dog", "bird"]
scores = jnp.array([0.1, 0.7, 0.2])
print(labels[int(jnp.argmax(scores))])
