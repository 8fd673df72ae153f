"""The ref's value is read with `[...]` before computing with it."""

import jax
import jax.numpy as jnp

velocity = jax.new_ref(jnp.zeros(3))
for g in jnp.linspace(0.0, 1.0, 6).reshape(2, 3):
    velocity[...] = 0.9 * velocity[...] + g
speed = jnp.linalg.norm(velocity[...])
print(speed)
