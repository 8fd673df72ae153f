from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array
    label: str


def observe(state):
    tag = np.asarray(state.label)  # a Python string the construction gives: not traced
    return jnp.concatenate([state.pos, state.vel]), tag


@jax.jit
def step(x):
    new = State(x * 2.0, x, "walker")
    return observe(new)[0]


print(step(jnp.ones(2)))
