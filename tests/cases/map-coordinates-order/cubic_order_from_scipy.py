import jax.numpy as jnp
from jax.scipy import ndimage

image = jnp.arange(16.0).reshape(4, 4)
rows = jnp.array([0.5, 1.5, 2.5])
cols = jnp.array([1.0, 2.0, 0.5])
print(ndimage.map_coordinates(image, [rows, cols], order=3))  # expect: JXE179
