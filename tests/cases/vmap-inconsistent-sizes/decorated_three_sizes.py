from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=(0, 0, 0, 0))
def total(a, b, c, d):
    return a + b + c + d


print(total(jnp.ones(3), jnp.ones(4), jnp.ones(4), jnp.zeros(5)))  # expect: JXE094
