import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @jax.jit  # expect: JXE081
    def scale(self, x):
        return x * self.factor


print(Scaler(2.0).scale(jnp.ones(3)))
