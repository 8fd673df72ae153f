"""A hidden width the head count divides (JXE120, fixed)."""

import jax.numpy as jnp

num_heads = 4
hidden = jnp.ones((2, 12))
heads = jnp.split(hidden, num_heads, axis=-1)
print([h.shape for h in heads])
