import jax.numpy as jnp

pixels = jnp.arange(12.0)
image = jnp.reshape(pixels, shape=(3, 4))
print(jnp.clip(image, min=0.0, max=10.0))
