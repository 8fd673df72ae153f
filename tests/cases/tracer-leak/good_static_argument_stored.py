from functools import partial

import jax
import jax.numpy as jnp

config = {}


@partial(jax.jit, static_argnames="scale")
def f(x, scale):
    config["scale"] = scale
    return x * scale


@partial(jax.jit, static_argnums=-1)
def g(x, n):
    config["n"] = n
    return x + n


f(jnp.ones(2), scale=3.0)
g(jnp.ones(2), 2)
print(config["scale"] * 2.0, config["n"] + 1)
