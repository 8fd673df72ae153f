import jax.numpy as jnp
from jax.scipy import ndimage

image = jnp.arange(9.0).reshape(3, 3)
points = [jnp.array([0.5, 1.2]), jnp.array([1.0, 0.3])]
print(ndimage.map_coordinates(image, points, order=1), ndimage.map_coordinates(image, points, 0, mode="nearest"))
