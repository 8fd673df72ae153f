import jax
import numpy as np


def predict(x, w):
    return x @ w


# NumPy arrays are mapped as JAX arrays (float64 reaches JAX as float32): 8 rows against 6.
inputs = np.random.randn(8, 3)
weights = np.random.normal(0.0, 1.0, size=(6, 3, 2))
print(jax.vmap(predict)(inputs, weights))  # expect: JXE094
