import jax.numpy as jnp

images = jnp.zeros((8, 32, 32))
flat_shape = (8, 784)
print(images.reshape(flat_shape).shape)  # expect: JXE104
