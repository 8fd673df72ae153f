"""The mask has the logits' sequence length (JXE121, fixed)."""

import jax
import jax.numpy as jnp

mask = jnp.ones(8, dtype=bool)
logits = jax.random.normal(jax.random.key(1), (2, 8))
full = jnp.broadcast_to(mask, logits.shape)
print(jnp.where(full, logits, -1e9))
