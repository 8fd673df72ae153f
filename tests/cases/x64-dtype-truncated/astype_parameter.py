import warnings

import numpy as np

warnings.simplefilter("error")


def accumulate(x):
    return x.astype(np.float64).sum()  # x may be a NumPy array: no JAX warning then


print(accumulate(np.ones(4)))
