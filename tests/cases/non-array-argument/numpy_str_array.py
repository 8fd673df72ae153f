import jax
import numpy as np


@jax.jit
def count(names, weights):
    return weights.sum()


names = np.array(["ann", "bob"])
print(count(names, np.ones(2)))  # expect: JXE081
