import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
x = jnp.zeros(3)
for step in range(3):
    key, subkey = jax.random.split(key)
    x = x + jax.random.normal(subkey, (3,))
print(x)
