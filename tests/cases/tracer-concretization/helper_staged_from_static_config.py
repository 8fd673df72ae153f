from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Grid(NamedTuple):
    start: float
    stop: float
    step: float


def intervals(grid):
    return jnp.maximum(jnp.abs((grid.stop - grid.start) / grid.step), 1)


@partial(jax.jit, static_argnums=(0,))
def make_grid(grid):
    return jnp.linspace(grid.start, grid.stop, intervals(grid) + 1)  # expect: JXE071


print(make_grid(Grid(0.0, 1.0, 0.1)))
