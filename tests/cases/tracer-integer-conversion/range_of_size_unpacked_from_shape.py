import jax
import jax.numpy as jnp


@jax.jit
def row_sums(grid, rows):
    return jnp.stack([grid[r].sum() for r in range(rows)])  # expect: JXE073


def summarize(grid):
    rows, _ = grid.shape
    return row_sums(grid, rows)


print(summarize(jnp.ones((3, 4))))
