"""The branch is a select: `jnp.where` works on traced values (both sides are computed)."""

import jax
import jax.numpy as jnp


def step(total, x):
    return jnp.where(total > 10.0, total, total + x), x


final, seen = jax.lax.scan(step, 0.0, jnp.arange(8.0))
print(final, seen)
