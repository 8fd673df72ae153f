import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
total = lax.fori_loop(0, 5, lambda i, acc: acc + jax.random.normal(key, (3,)), jnp.zeros(3))  # expect: JXE099
print(total)
