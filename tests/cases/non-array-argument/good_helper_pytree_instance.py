import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Config:
    scale: jax.Array


@jax.jit
def step(x, config):
    return x * config.scale


def run(x, config):
    return step(x, config)


print(run(jnp.ones(2), Config(jnp.float32(2.0))))
