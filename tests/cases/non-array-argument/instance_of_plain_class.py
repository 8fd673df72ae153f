import jax
import jax.numpy as jnp


class Config:
    def __init__(self, scale):
        self.scale = scale


@jax.jit
def apply(x, config):
    return x * config.scale


print(apply(jnp.ones(2), Config(2.0)))  # expect: JXE081
