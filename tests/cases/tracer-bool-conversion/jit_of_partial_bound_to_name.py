from functools import partial

import jax
import jax.numpy as jnp


def step(scale, x):
    if x.sum() > 0:  # expect: JXE070
        return x * scale
    return x


step3 = partial(step, 3.0)
print(jax.jit(step3)(jnp.ones(3)))
