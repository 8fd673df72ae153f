"""The clip is a select: `jnp.minimum` (a `jnp.where`) works on traced values."""

import jax
import jax.numpy as jnp


def step(total, x):
    total = jnp.minimum(total + x, 10.0)
    return total, total


final, running = jax.lax.scan(step, 0.0, jnp.arange(8.0))
print(final, running)
