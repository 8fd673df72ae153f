from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    position: jax.Array
    lives: jax.Array


def describe(state: EnvState):
    if state.lives > 0:  # the Python int `_replace` gave: not traced
        return state.position * 2
    return state.position


@jax.jit
def reset_lives(state: EnvState):
    fresh = state._replace(lives=3)
    return describe(fresh)


print(reset_lives(EnvState(jnp.int32(4), jnp.int32(0))))
