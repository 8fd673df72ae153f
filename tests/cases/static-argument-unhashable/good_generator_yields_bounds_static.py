import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def window_sum(values, bounds):
    start, stop = bounds
    return jnp.sum(values[start:stop])


def windows(count=12, size=4):
    for start in range(0, count, size):
        yield start, start + size


values = jnp.arange(12.0)
for bounds in windows():
    print(window_sum(values, bounds))
