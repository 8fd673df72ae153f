import jax.numpy as jnp
from jax import lax


def keep_going(state):
    return state[0] < 3


def refine(state):
    count, grid = state
    tiles = grid.reshape(4, 3)
    return count + 1, (tiles * 0.5).reshape(-1)


print(lax.while_loop(keep_going, refine, (0, jnp.ones(12))))
