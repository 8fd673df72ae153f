"""Choosing a Python list element with fori_loop's index (JXE073).

The loop index of `jax.lax.fori_loop` is a tracer: it cannot index a Python list.
"""

import jax
import jax.numpy as jnp

scales = [1.0, 2.0, 3.0]


def body(i, x):
    return x * scales[i]  # expect: JXE073


print(jax.lax.fori_loop(0, 3, body, jnp.ones(2)))
