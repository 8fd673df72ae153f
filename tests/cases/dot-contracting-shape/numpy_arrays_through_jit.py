import jax
import numpy as np


def loss(w, x):
    return (x @ w).sum()  # expect: JXE103


# jit converts the NumPy arrays: inside, (8, 3) @ (4, 2) is a JAX product.
w = np.zeros((4, 2))
x = np.ones((8, 3))
step = jax.jit(loss)
print(step(w, x))
