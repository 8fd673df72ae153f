import jax.numpy as jnp

names = ["cat", "dog", "bird"]
scores = jnp.array([0.1, 0.7, 0.2])
print(names[jnp.argmax(scores) / 1])  # expect: JXE124
