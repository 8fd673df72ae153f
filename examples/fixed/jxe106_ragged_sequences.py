"""Sequences padded to one length before stacking."""

import jax.numpy as jnp

batch = [jnp.pad(jnp.ones(5), (0, 2)), jnp.ones(7)]
print(jnp.stack(batch))
