import functools

import jax
import jax.numpy as jnp

config = {"steps": 3, "scale": 2.0}


@functools.partial(jax.jit, static_argnames="steps")
def grow(x, cfg, steps):
    for _ in range(steps):
        x = x * cfg["scale"]
    return x


print(grow(jnp.ones(2), config, steps=config["steps"]))
