import jax
import jax.numpy as jnp


class Config:
    def __init__(self, scale):
        self.scale = scale


@jax.jit
def step(x, scale):
    return x * scale


def run(x, config):
    return step(x, config)


def apply_all(helper, x):
    return helper(x, 2.0)


print(apply_all(run, jnp.ones(2)))
print(run(jnp.ones(2), 4.0))
