import jax.numpy as jnp
from jax.scipy.ndimage import map_coordinates

elevation = jnp.arange(20.0).reshape(4, 5)
rows = jnp.array([0.2, 2.7])
cols = jnp.array([1.5, 3.9])
print(map_coordinates(elevation, [rows, cols], order=3, mode="nearest"))  # expect: JXE179
