from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array


class PointMass:
    def __init__(self, dt=0.05):
        self.dt = dt

    def _observation(self, state):
        return np.concatenate([state.pos, state.vel])  # expect: JXE074

    def step(self, state, action):
        vel = state.vel + self.dt * action
        pos = state.pos + self.dt * vel
        new = State(pos, vel)
        return new, self._observation(new)


env = PointMass()
step = jax.jit(env.step)
print(step(State(jnp.zeros(2), jnp.zeros(2)), jnp.ones(2)))
