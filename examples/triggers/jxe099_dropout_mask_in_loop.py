"""A dropout mask drawn from the same key on every step (JXE099, a warning).

Without `jax_debug_key_reuse` nothing fails: every step drops the same units.
"""

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
h = jnp.ones(8)
for step in range(3):
    keep = jax.random.bernoulli(key, 0.8, h.shape)  # expect: JXE099
    h = jnp.where(keep, h / 0.8, 0.0)
print(h)
