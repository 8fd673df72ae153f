import jax.numpy as jnp

grid = jnp.zeros((3, 3))
grid = grid.set(1.0)  # expect: JXE175
print(grid)
