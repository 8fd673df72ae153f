from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class State(NamedTuple):
    position: jax.Array
    step_size: jax.Array
    streak: jax.Array


def energy(x):
    return jnp.sum((x - 1.0) ** 2)


grad_energy = jax.grad(energy)


def init(x):
    return State(x, jnp.asarray(0.1), jnp.zeros((), jnp.int32))


def step(state, _):
    x, h, streak = state
    g = grad_energy(x)
    x = x - h * g
    streak = jnp.where(jnp.sum(g * g) < 1.0, streak + 1, 0)
    return State(x, h, streak), energy(x)


state, energies = lax.scan(step, init(jnp.zeros(3)), None, length=10)
print(energies[-1], state.streak)
