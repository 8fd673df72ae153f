import jax.numpy as jnp
from jax import lax


class Grid:
    def __init__(self, size, spacing):
        self.size = size
        self.spacing = spacing

    def coords(self, fine, offset):
        def dense(operands):
            n, shift = operands
            return jnp.arange(n) * self.spacing / 2 - shift  # expect: JXE071

        def sparse(operands):
            n, shift = operands
            return jnp.linspace(0.0, 1.0, 2 * self.size) * n * self.spacing - shift

        return lax.cond(fine, dense, sparse, (2 * self.size, offset))


grid = Grid(size=8, spacing=0.5)
print(grid.coords(True, 0.25))
