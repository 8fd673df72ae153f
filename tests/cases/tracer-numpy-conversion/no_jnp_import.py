import jax
import numpy as np


@jax.jit
def energy(x):
    return np.abs(x) ** 2  # expect: JXE074


print(energy(np.array([1.0, -2.0], dtype=np.float32)))
