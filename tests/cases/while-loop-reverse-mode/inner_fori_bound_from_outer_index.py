import jax
import jax.numpy as jnp
from jax import lax

SIZE = 4


def triangle(rate):
    table = jnp.zeros((SIZE, SIZE)).at[:, 0].set(1.0)

    def row(m, grid):
        def cell(k, g):
            return g.at[m, k].set(g[m, k - 1] * rate / k)

        return lax.fori_loop(m + 1, SIZE, cell, grid)  # expect: JXE107

    return lax.fori_loop(0, SIZE, row, table)


def total(rate):
    return jnp.sum(triangle(rate))


print(jax.grad(total)(0.3))
