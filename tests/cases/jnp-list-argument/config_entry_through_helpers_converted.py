import jax.numpy as jnp

SETTINGS = {"scales": [0.5, 1.0, 2.0], "offset": 0.1}


def scaled(cfg):
    return jnp.log(jnp.asarray(cfg["scales"])) + cfg["offset"]


def total(values, cfg):
    return jnp.sum(values * scaled(cfg))


print(total(jnp.ones(3), SETTINGS))
