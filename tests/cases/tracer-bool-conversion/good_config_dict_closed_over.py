import jax
import jax.numpy as jnp

config = {"training": True, "rate": 0.5}


@jax.jit
def step(x):
    if config["training"]:
        x = x * config["rate"]
    return x


print(step(jnp.ones(3)))
