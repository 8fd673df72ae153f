import jax
import numpy as np


def loss(w):
    return (w ** 2).sum()


# NumPy's float64 arrays reach JAX as float32; NumPy arithmetic the checker does not follow.
print(jax.grad(loss)(np.zeros(3)))
print(jax.grad(loss)(np.random.randn(2, 3)))
print(jax.grad(loss)(np.arange(4) * 0.5))
