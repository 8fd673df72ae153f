from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Settings:
    steps: int
    scale: float


@dataclass(eq=False)
class Loose:
    steps: int


@partial(jax.jit, static_argnames=("settings", "loose"))
def run(x, settings, loose):
    for _ in range(settings.steps + loose.steps):
        x = x * settings.scale
    return x


print(run(jnp.ones(2), settings=Settings(3, 0.5), loose=Loose(1)))
