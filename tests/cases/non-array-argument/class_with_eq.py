import jax
import jax.numpy as jnp


class Grid:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):  # and so no __hash__: self cannot simply be made static
        return isinstance(other, Grid) and other.n == self.n

    @jax.jit  # expect: JXE081
    def points(self, x):
        return x * self.n


print(Grid(3).points(jnp.ones(2)))
