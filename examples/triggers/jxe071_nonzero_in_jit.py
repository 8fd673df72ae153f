"""Positions of the positive entries, inside jit (JXE071).

How many entries are positive is a value, not a shape: under jit `jnp.nonzero` needs `size=`.
"""

import jax
import jax.numpy as jnp


@jax.jit
def positive_positions(scores):
    (idx,) = jnp.nonzero(scores > 0)  # expect: JXE071
    return idx


print(positive_positions(jnp.array([0.5, -1.0, 2.0, -3.0])))
