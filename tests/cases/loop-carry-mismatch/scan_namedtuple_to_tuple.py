from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class State(NamedTuple):
    total: jax.Array
    count: jax.Array


def step(state, x):
    return (state.total + x, state.count + 1), None


init = State(jnp.float32(0), jnp.int32(0))
print(lax.scan(step, init, jnp.ones(3)))  # expect: JXE096
