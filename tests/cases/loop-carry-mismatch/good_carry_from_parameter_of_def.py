import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def body(total, x):
        new = total + x * 2
        return new, new

    start = jnp.zeros((), dtype=jnp.int32)
    return lax.scan(body, start, xs)


print(running_total(jnp.arange(4)))
