import jax
import jax.numpy as jnp


class Config:
    def __init__(self, scale):
        self.scale = scale


@jax.jit
def step(x, config):
    return x * config.scale


def run(x, config):
    return step(x, config)  # expect: JXE081


def outer(config):
    return run(jnp.ones(2), config)


print(outer(Config(2.0)))
print(outer(config=Config(3.0)))
