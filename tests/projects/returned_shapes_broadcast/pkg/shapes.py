import jax.numpy as jnp


def features():
    return jnp.ones(3)


def bias():
    return jnp.arange(4.0)
