from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class State:
    label: str
    history: Any


def init_state(x):
    return State("start", [x])


def run(x, steps, state):
    for _ in range(steps):
        x = x * 2.0
    return x, state.label


run_jit = jax.jit(run, static_argnums=(1, 2))
state = init_state(jnp.ones(3))
print(run_jit(jnp.ones(3), 2, state))  # expect: JXE082
