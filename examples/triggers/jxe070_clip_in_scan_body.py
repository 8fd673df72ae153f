"""A Python `if` on the carry inside a `lax.scan` body (JXE070).

The body is traced once with an abstract carry, whatever the outer code does.
"""

import jax
import jax.numpy as jnp


def step(total, x):
    if total > 10.0:  # expect: JXE070
        return total, x
    return total + x, x


final, seen = jax.lax.scan(step, 0.0, jnp.arange(8.0))
print(final, seen)
