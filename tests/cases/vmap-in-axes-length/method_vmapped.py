from functools import partial

import jax
import jax.numpy as jnp


class Model:
    @partial(jax.vmap, in_axes=(None, 0))
    def apply(self, x):
        return x * 2.0


print(Model().apply(jnp.ones(3)))
