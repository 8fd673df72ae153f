import jax
import jax.numpy as jnp

config = {"steps": 3, "scale": 2.0}


@jax.jit
def grow(x, cfg):
    for _ in range(cfg["steps"]):  # expect: JXE073
        x = x * cfg["scale"]
    return x


print(grow(jnp.ones(2), config))
