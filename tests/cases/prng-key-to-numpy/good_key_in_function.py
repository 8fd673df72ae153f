import jax
import numpy as np


def save(key):
    return np.asarray(jax.random.key_data(key))


@jax.jit
def traced():
    key = jax.random.key(0)
    return jax.random.normal(key)


def local():
    key = jax.random.PRNGKey(1)
    return np.asarray(key)


print(save(jax.random.key(0)), traced(), local())
