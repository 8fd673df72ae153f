"""A jax.numpy function applied to a Ref instead of its value (JXE014).

The velocity is kept in a `jax.new_ref` buffer and updated in place; `jnp.linalg.norm` needs
the array it holds, read with `velocity[...]`.
"""

import jax
import jax.numpy as jnp

velocity = jax.new_ref(jnp.zeros(3))
for g in jnp.linspace(0.0, 1.0, 6).reshape(2, 3):
    velocity[...] = 0.9 * velocity[...] + g
speed = jnp.linalg.norm(velocity)  # expect: JXE014
