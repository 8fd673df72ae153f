import jax.numpy as jnp


def total(values):
    return jnp.sum(values)


print(total(jnp.ones(3)))
