"""A momentum update mapping a tuple of parameters with a list of velocities (JXE114)."""

import jax
import jax.numpy as jnp

params = (jnp.ones((3, 3)), jnp.zeros(3))
velocity = [jnp.zeros((3, 3)), jnp.zeros(3)]
params = jax.tree.map(lambda p, v: p - 0.1 * v, params, velocity)  # expect: JXE114
print(params)
