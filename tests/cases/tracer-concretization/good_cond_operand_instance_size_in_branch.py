import jax.numpy as jnp
from jax import lax


class Grid:
    def __init__(self, size, spacing):
        self.size = size
        self.spacing = spacing

    def coords(self, fine, offset):
        def dense(shift):
            return jnp.arange(2 * self.size) * self.spacing / 2 - shift

        def sparse(shift):
            return jnp.arange(2 * self.size) * self.spacing - shift

        return lax.cond(fine, dense, sparse, offset)

    def scaled(self, fine, offset):
        def dense(operands):
            n, shift = operands
            return jnp.ones(4) * n - shift

        return lax.cond(fine, dense, dense, (2 * self.size, offset))


grid = Grid(size=8, spacing=0.5)
print(grid.coords(True, 0.25), grid.scaled(False, 0.25))
