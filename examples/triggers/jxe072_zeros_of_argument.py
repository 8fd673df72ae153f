"""Padding with a traced length (JXE072).

The padding length `pad` is an ordinary argument of the jitted function, so it is traced and
cannot be a dimension.
"""

import jax
import jax.numpy as jnp


@jax.jit
def pad_right(x, pad):
    return jnp.concatenate([x, jnp.zeros(pad)])  # expect: JXE072


print(pad_right(jnp.ones(3), 2))
