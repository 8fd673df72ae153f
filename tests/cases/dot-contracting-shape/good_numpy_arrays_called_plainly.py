import jax
import numpy as np


def loss(w, x):
    return (x @ w).sum()


# The same def called without a transformation stays NumPy; through jit the shapes fit.
w = np.zeros((3, 2))
x = np.ones((8, 3))
print(loss(w, x))
print(jax.jit(loss)(w, x))
