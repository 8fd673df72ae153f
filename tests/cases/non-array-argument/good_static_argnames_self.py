import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @jax.jit(static_argnames=("self", "n"))
    def scale(self, x, n):
        return x * self.factor * n


print(Scaler(2.0).scale(jnp.ones(3), 4))
