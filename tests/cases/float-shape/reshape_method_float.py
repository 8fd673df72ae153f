import jax.numpy as jnp

frames = jnp.arange(24.0)
print(frames.reshape(4.0, 6).shape)  # expect: JXE170
