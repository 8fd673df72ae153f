from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="num")
def head(x, scale, num):
    return x[:num] * scale


x = jnp.arange(10.0)
configs = [{"num": 5, "scale": 2.0}, {"num": 3, "scale": 0.5}]
for config in configs:
    print(head(x, config["scale"], num=config["num"]))
