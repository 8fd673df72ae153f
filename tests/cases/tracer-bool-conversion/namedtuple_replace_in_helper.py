from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    position: jax.Array
    lives: jax.Array


def lose_life(state: EnvState, hit):
    lives = state.lives - hit
    if lives <= 0:  # expect: JXE070
        return state._replace(lives=jnp.int32(0)), True
    return state._replace(lives=lives), False


class Env:
    def step(self, state: EnvState, action):
        position = jnp.clip(state.position + action, 0, 9)
        state = state._replace(position=position)
        return lose_life(state, position == 9)


env = Env()
step = jax.jit(env.step)
print(step(EnvState(jnp.int32(8), jnp.int32(3)), 1))
