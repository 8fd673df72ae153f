from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=([0, None],))
def scale(pair):
    x, s = pair
    return x * s


print(scale((jnp.ones((3, 2)), jnp.float32(2.0))))  # expect: JXE115
