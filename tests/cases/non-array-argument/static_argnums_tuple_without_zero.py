from functools import partial

import jax
import jax.numpy as jnp


class Pool:
    def __init__(self):
        self.offset = 1.0

    @partial(jax.jit, static_argnums=(2,))  # expect: JXE081
    def pool(self, x, size):
        return x.reshape(-1, size).mean(axis=1) + self.offset


print(Pool().pool(jnp.arange(6.0), 2))
