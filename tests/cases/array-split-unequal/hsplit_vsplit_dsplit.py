import jax.numpy as jnp

grid = jnp.zeros((4, 6, 5))
left, right = jnp.hsplit(grid, 2)
top, bottom = jnp.vsplit(grid, 2)
print(jnp.dsplit(grid, 2))  # expect: JXE120
