from functools import partial

import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @partial(jax.jit, static_argnums=0)
    def scale(self, x):
        return x * self.factor


print(Scaler(2.0).scale(jnp.ones(3)))
