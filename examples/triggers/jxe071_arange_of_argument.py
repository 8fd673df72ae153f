"""A length passed as an argument of a jitted function (JXE071).

`n` is traced, so `jnp.arange(n)` cannot know how long its result is.
"""

import jax
import jax.numpy as jnp


@jax.jit
def positions(x, n):
    return x[:, None] * jnp.arange(n)  # expect: JXE071


print(positions(jnp.ones(3), 4).shape)
