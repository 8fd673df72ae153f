from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="config")
def step(x, config):
    return x * config["scale"]


print(step(jnp.ones(3), config={"scale": 2.0}))  # expect: JXE082
