import numpy as np
from jax import lax


def step(carry, xs):
    x, y = xs
    return carry + x * y, x


# scan converts NumPy arrays too: 10 steps of inputs against 12 of targets.
inputs = np.zeros((10, 3))
targets = np.ones((12, 3))
print(lax.scan(step, 0.0, (inputs, targets)))  # expect: JXE122
