from functools import partial

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, weight):
        self.weight = weight

    @partial(jax.jit, static_argnums=1)  # expect: JXE081
    def apply(self, power, x):
        return self.weight * x ** power


print(Model(jnp.ones(3)).apply(2, jnp.arange(3.0)))
