"""Each step splits the key first and draws its mask from the new subkey."""

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
h = jnp.ones(8)
for step in range(3):
    key, subkey = jax.random.split(key)
    keep = jax.random.bernoulli(subkey, 0.8, h.shape)
    h = jnp.where(keep, h / 0.8, 0.0)
print(h)
