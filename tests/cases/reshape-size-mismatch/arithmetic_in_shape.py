import jax.numpy as jnp

side = 28
images = jnp.zeros((8, side, side))
flat = images.reshape(8, side * side + 1)  # expect: JXE104
print(flat.shape)
