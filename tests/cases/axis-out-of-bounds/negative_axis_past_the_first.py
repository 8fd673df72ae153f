import jax.numpy as jnp

grid = jnp.zeros((3, 4))
column_totals = jnp.sum(grid, axis=-3)  # expect: JXE162
print(column_totals)
