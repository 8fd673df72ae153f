import jax.numpy as jnp


class Grid:
    def __init__(self, n):
        self.cells = jnp.zeros((n, n))

    def mark(self, i, j):
        self.cells[i, j] = 1.0  # expect: JXE080


grid = Grid(3)
grid.mark(0, 1)
