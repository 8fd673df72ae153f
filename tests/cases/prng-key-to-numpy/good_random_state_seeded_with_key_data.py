import jax
import numpy as np


def shuffled_indices(n, key):
    _, numpy_key = jax.random.split(key)
    rng = np.random.RandomState(np.asarray(jax.random.key_data(numpy_key)))
    return rng.permutation(n)


def shuffled_raw(n, key):
    _, numpy_key = jax.random.split(key)  # a raw uint32 key converts
    return np.random.RandomState(numpy_key).permutation(n)


print(shuffled_indices(10, jax.random.key(0)), shuffled_raw(10, jax.random.PRNGKey(0)))
