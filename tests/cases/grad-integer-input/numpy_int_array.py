import jax
import numpy as np


def loss(w):
    return (w ** 2).sum()


# NumPy's int64 array reaches JAX as int32: not differentiable.
weights = np.arange(4)
print(jax.grad(loss)(weights))  # expect: JXE090
