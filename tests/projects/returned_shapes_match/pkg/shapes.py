import jax.numpy as jnp


def features():
    return jnp.ones(3)


def bias():
    return jnp.arange(3.0)


def column():
    return jnp.ones((4, 1))
