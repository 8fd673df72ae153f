import jax.numpy as jnp

grid = jnp.linspace(0.0, 1.0, 6).reshape(2, 3)
pieces = grid.device_buffers  # expect: JXE161
print(len(pieces))
