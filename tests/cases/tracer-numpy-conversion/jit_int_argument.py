import jax
import numpy as np


@jax.jit
def lookup(i):
    return np.sin(i)  # expect: JXE074


print(lookup(2))
