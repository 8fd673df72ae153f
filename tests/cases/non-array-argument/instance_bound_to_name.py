import jax
import jax.numpy as jnp


class Options:
    def __init__(self):
        self.rate = 0.1


def update(opts, w, g):
    return w - opts.rate * g


opts = Options()
fast_update = jax.jit(update)
print(fast_update(opts, jnp.ones(2), jnp.ones(2)))  # expect: JXE081
