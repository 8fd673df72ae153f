from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass
class Settings:
    steps: int
    scale: float


@partial(jax.jit, static_argnames="settings")
def run(x, settings):
    for _ in range(settings.steps):
        x = x * settings.scale
    return x


settings = Settings(3, 0.5)
print(run(jnp.ones(2), settings=settings))  # expect: JXE082
