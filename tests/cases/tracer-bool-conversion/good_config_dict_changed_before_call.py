# case: static — the dict passed is the one a helper may have changed: its entries are unknown
import jax
import jax.numpy as jnp

config = {"training": True, "rate": 0.5}


def configure(options):
    options["training"] = "yes"


@jax.jit
def step(x, cfg):
    if cfg["training"]:
        x = x * cfg["rate"]
    return x


configure(config)
print(step(jnp.ones(3), config))
