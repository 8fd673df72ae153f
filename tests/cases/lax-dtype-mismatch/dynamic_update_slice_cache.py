import jax.numpy as jnp
from jax import lax

keys_cache = jnp.zeros((2, 8, 4), dtype=jnp.float32)
new_keys = jnp.ones((2, 1, 4), dtype=jnp.float16)
keys_cache = lax.dynamic_update_slice(keys_cache, new_keys, (0, 3, 0))  # expect: JXE098
print(keys_cache.sum())
