from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class RunConfig:
    name: str
    horizon: int = 16
    history: int = field(default=4)


def zero_state(first, steps):
    return jnp.zeros((steps, first.shape[0]))


def scaled_state(first, scale):
    return jnp.zeros((4, first.shape[0])) + scale


cfg = RunConfig("walker", history=8)
start = jax.jit(zero_state, static_argnums=1)
print(start(jnp.ones(3), cfg.history))
print(jax.jit(scaled_state)(jnp.ones(3), cfg.horizon))
