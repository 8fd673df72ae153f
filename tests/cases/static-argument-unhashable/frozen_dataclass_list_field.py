from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    widths: list
    scale: float = 1.0


@partial(jax.jit, static_argnames="config")
def forward(x, config):
    for width in config.widths:
        x = jnp.tile(x[:1], width) * config.scale
    return x


# A frozen dataclass hashes the tuple of its fields: the list in `widths` cannot be hashed.
config = Config([2, 3])
print(forward(jnp.ones(2), config=config))  # expect: JXE082
