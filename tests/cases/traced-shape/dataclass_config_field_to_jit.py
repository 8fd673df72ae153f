from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class RunConfig:
    name: str
    horizon: int = 16
    history: int = field(default=4)


def zero_state(first, steps):
    return jnp.zeros((steps, first.shape[0]))  # expect: JXE072


cfg = RunConfig("walker", history=8)
start = jax.jit(zero_state)
print(start(jnp.ones(3), cfg.history))
