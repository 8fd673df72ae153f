import jax
import jax.numpy as jnp
import numpy as np

pixels = jnp.arange(12.0)
image = jnp.reshape(pixels, shape=(3, 4))
print(jnp.clip(image, min=0.0, max=10.0), image.clip(0.0, 5.0), pixels.reshape(3, 4))
if jax.__version_info__ < (0, 4, 28):  # code kept for older releases
    image = jnp.reshape(pixels, newshape=(3, 4))
print(np.clip(np.arange(5), a_min=1, a_max=3))  # NumPy's own function still takes them
