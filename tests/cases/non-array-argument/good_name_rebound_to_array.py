import jax
import jax.numpy as jnp


class Options:
    def __init__(self):
        self.rate = 0.1


def update(opts, w, g):
    return w - opts * g


opts = Options()
opts = jnp.asarray(opts.rate)
print(jax.jit(update)(opts, jnp.ones(2), jnp.ones(2)))
