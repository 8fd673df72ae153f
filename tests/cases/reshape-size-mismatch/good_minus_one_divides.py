import jax.numpy as jnp

pixels = jnp.arange(12.0)
print(pixels.reshape(-1, 4), jnp.reshape(pixels, (3, -1)), pixels.reshape(-1), pixels.reshape(2, -1, 3).shape)
