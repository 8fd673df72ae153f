import jax
import numpy as np


def shuffled_indices(n, key):
    _, numpy_key = jax.random.split(key)
    rng = np.random.RandomState(numpy_key)  # expect: JXE132
    return rng.permutation(n)


key = jax.random.key(0)
print(shuffled_indices(10, key))
