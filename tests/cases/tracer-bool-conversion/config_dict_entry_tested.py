import jax
import jax.numpy as jnp

config = {"training": True, "rate": 0.5}


@jax.jit
def step(x, cfg):
    if cfg["training"]:  # expect: JXE070
        x = x * cfg["rate"]
    return x


print(step(jnp.ones(3), config))
