import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
x = jnp.zeros(4)
for step in range(3):
    noise = jax.random.normal(key, (4,))  # expect: JXE099
    x = x + 0.1 * noise
print(x)
