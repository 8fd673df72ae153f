import jax
import numpy as np


def nll(p):
    return -np.log(p)  # expect: JXE074


print(jax.value_and_grad(nll)(0.5))
