import jax
import jax.numpy as jnp


class Config:
    def __init__(self, scale):
        self.scale = scale


@jax.jit
def step(x, config):
    return x * config


def run(x, config):
    if isinstance(config, Config):
        config = config.scale
    return step(x, config)


def run_plain(x, config):
    return step(x, config)


print(run(jnp.ones(2), Config(2.0)))
print(run_plain(jnp.ones(2), jnp.float32(2.0)))
print(run_plain(jnp.ones(2), 3.0))
