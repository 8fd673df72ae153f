"""Sequences of different lengths stacked into one batch (JXE106)."""

import jax.numpy as jnp

batch = [jnp.ones(5), jnp.ones(7)]
print(jnp.stack(batch))  # expect: JXE106
