import jax.numpy as jnp


def zeros3():
    return jnp.zeros(3)
