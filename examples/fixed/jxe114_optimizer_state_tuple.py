"""A momentum update mapping a tuple of parameters with a list of velocities (JXE114): fixed
with velocities of the parameters' structure."""

import jax
import jax.numpy as jnp

params = (jnp.ones((3, 3)), jnp.zeros(3))
velocity = jax.tree.map(jnp.zeros_like, params)
params = jax.tree.map(lambda p, v: p - 0.1 * v, params, velocity)
print(params)
