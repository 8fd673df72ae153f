import jax
import jax.numpy as jnp


@jax.jit
def head(x, config):
    return x[:config["num"]] * config["scale"]  # expect: JXE076


x = jnp.arange(10.0)
configs = [{"num": 5, "scale": 2.0}, {"num": 3, "scale": 0.5}]
for config in configs:
    print(head(x, config))
