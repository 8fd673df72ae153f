import numpy as np

import jax


def to_host(keys):
    # Every call of this helper hands it typed keys: NumPy cannot hold their dtype.
    return np.asarray(keys)  # expect: JXE132


keys = jax.random.split(jax.random.key(0), 3)
print(to_host(keys).shape)
