import jax
import jax.numpy as jnp


def run(config, x):
    return x * 2


print(jax.jit(run)({"mode": "train", "activation": "relu"}, jnp.ones(3)))  # expect: JXE081
