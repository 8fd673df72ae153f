import jax
import numpy as np


def radius(x):
    return np.hypot(x, 2.0)  # expect: JXE074


@jax.jit
def loss(x):
    return radius(x) ** 2


print(jax.grad(loss)(1.5))
