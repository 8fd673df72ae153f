"""The number of steps given as `length` (JXE122, fixed)."""

import jax
import jax.numpy as jnp


def step(x, _):
    return 0.9 * x + 1.0, x


final, trajectory = jax.lax.scan(step, jnp.zeros(3), None, length=10)
print(final, trajectory.shape)
