import jax.numpy as jnp

side = 28
images = jnp.zeros((8, side, side))
flat = images.reshape(8, side * side)
half = images.reshape(8 // 2, 2 * side, side)
print(flat.shape, half.shape)
