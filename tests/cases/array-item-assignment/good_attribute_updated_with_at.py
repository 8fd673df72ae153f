import jax.numpy as jnp


class Grid:
    def __init__(self, n):
        self.cells = jnp.zeros((n, n))

    def mark(self, i, j):
        self.cells = self.cells.at[i, j].set(1.0)


grid = Grid(3)
grid.mark(0, 1)
print(grid.cells[0, 1])
