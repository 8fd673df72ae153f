import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("endpoint",))
def grid(lo, hi, steps, endpoint=True):
    return jnp.linspace(lo, hi, steps, endpoint=endpoint)  # expect: JXE071


print(grid(0.0, 1.0, 5))
