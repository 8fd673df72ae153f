import jax.numpy as jnp
from jax import lax


def cumulative(xs):
    def body(total, x):
        return total + x, total + x
    return lax.scann(body, 0.0, xs)  # expect: JXE174


print(cumulative(jnp.arange(4.0)))
