from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes={"x": 0})  # expect: JXE093
def double(x):
    return 2.0 * x


print(double(jnp.ones(3)))
