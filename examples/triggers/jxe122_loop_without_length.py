"""A Python loop of ten steps rewritten as lax.scan, with nothing to scan over (JXE122)."""

import jax
import jax.numpy as jnp


def step(x, _):
    return 0.9 * x + 1.0, x


final, trajectory = jax.lax.scan(step, jnp.zeros(3), None)  # expect: JXE122
print(final, trajectory.shape)
