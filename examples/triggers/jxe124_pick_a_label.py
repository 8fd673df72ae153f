"""A label picked from a Python list with a float computed by JAX (JXE124)."""

import jax.numpy as jnp

labels = ["cat", "dog", "bird"]
scores = jnp.array([0.1, 0.7, 0.2])
print(labels[jnp.argmax(scores) / 1])  # expect: JXE124
