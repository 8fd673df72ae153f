import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, values, train):
        if train:  # expect: JXE070
            return values * (1.0 - self.rate)
        return values


layer = Dropout(0.5)
print(jax.jit(layer.__call__)(jnp.ones(3), True))
