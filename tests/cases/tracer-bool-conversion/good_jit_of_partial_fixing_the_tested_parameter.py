from functools import partial

import jax
import jax.numpy as jnp


def step(x, threshold):
    if threshold > 0:  # a Python float the partial fixes, not traced
        return x * 2.0
    return x


clipped = partial(step, threshold=0.5)
print(jax.jit(clipped)(jnp.ones(3)))
