import jax.numpy as jnp
from jax import lax


def cond_fun(state):
    return state[0] < 3


def body_fun(state):
    i, x = state
    return i + 1, x, x


print(lax.while_loop(cond_fun, body_fun, (0, jnp.zeros(2))))  # expect: JXE096
