import jax
import numpy as np


class Scale:
    def __init__(self, factor):
        self.factor = factor

    def freeze(self):
        self.factor = 2.0  # (set again: what the method reads is not shown to be the tracer)

    def apply(self, x):
        return np.sqrt(self.factor) * x


@jax.jit
def run(x, factor):
    scale = Scale(factor)
    scale.freeze()
    return scale.apply(x)


print(run(np.ones(3), 4.0))
