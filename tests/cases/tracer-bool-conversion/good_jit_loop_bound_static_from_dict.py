import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="steps")
def repeat_add(x, steps):
    i = 0
    while i < steps:
        x = x + 1.0
        i += 1
    return x


config = {"steps": 3, "name": "run"}
print(repeat_add(jnp.zeros(2), steps=config["steps"]))
