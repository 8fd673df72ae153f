import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    depth: int
    sizes: tuple = (2, 2)


@functools.partial(jax.jit, static_argnames="config")
def run(x, config):
    for _ in range(config.depth):
        x = x * 2
    return x


print(run(jnp.ones(2), config=Config(depth=2)))
