from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("limit",))
def clip_or_scale(x, limit, clip: bool):
    if clip:  # expect: JXE070
        return jnp.minimum(x, limit)
    return x * limit


print(clip_or_scale(jnp.ones(3), 2.0, True))
