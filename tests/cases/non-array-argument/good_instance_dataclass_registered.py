import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["scale"], meta_fields=[])
@dataclasses.dataclass
class Config:
    scale: float


@jax.jit
def apply(x, config):
    return x * config.scale


print(apply(jnp.ones(2), Config(2.0)))
