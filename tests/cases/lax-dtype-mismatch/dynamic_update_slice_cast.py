import jax.numpy as jnp
from jax import lax

keys_cache = jnp.zeros((2, 8, 4), dtype=jnp.float32)
new_keys = jnp.ones((2, 1, 4), dtype=jnp.float16)
keys_cache = lax.dynamic_update_slice(keys_cache, new_keys.astype(jnp.float32), (0, 3, 0))
table = lax.dynamic_update_slice_in_dim(jnp.zeros((5, 3)), jnp.ones((2, 3)), 1, axis=0)
print(keys_cache.sum(), table.sum())
