import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def body(total, x):
        new = total + x * 0.5
        return new, new

    start = jnp.zeros((), dtype=jnp.int32)
    return lax.scan(body, start, xs)  # expect: JXE096


print(running_total(jnp.arange(4.0)))
