from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=None)
def replicate(state):
    return state * 2.0


print(replicate(jnp.arange(3.0)))  # expect: JXE165
