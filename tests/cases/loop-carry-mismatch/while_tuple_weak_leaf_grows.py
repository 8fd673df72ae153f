import jax.numpy as jnp
from jax import lax


def body(state):
    i, total, v = state
    return i + 1, total + v, v


print(lax.while_loop(lambda state: state[0] < 3, body, (0, 0.0, jnp.ones(2))))  # expect: JXE096
