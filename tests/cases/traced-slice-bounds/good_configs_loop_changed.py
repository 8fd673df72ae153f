import jax
import jax.numpy as jnp


def head(x, config):
    return x[:config["num"]]


x = jnp.arange(10.0)
configs = [{"num": 5}, {"num": 3}]
for config in configs:
    n = config.pop("num")  # the loop takes the length out before the call
    config["num"] = None
    print(jax.jit(head)(x, config), n)
