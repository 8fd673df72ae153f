from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("limit",))
def clip_total(x, limit):
    if x.sum() > limit:  # expect: JXE070
        x = x / x.sum() * limit
    return x


print(clip_total(jnp.ones(4), 2.0))
