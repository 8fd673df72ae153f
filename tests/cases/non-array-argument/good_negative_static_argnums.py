from functools import partial

import jax
import jax.numpy as jnp


class Scaler:
    factor = 3.0

    @partial(jax.jit, static_argnums=-2)  # -2 of (self, x) is self
    def scale(self, x):
        return x * self.factor


print(Scaler().scale(jnp.ones(3)))
