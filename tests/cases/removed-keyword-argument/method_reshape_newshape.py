import jax.numpy as jnp

frames = jnp.zeros((4, 8, 8))
flat = frames.reshape(newshape=(4, 64))  # expect: JXE156
print(flat.clip(max=1.0))
