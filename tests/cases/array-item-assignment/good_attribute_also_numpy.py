import numpy as np
import jax.numpy as jnp


class Grid:
    def __init__(self, n):
        self.cells = jnp.zeros((n, n))

    def thaw(self):
        self.cells = np.array(self.cells)

    def mark(self, i, j):
        self.cells[i, j] = 1.0


grid = Grid(3)
grid.thaw()
grid.mark(0, 1)
