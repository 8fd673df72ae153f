import jax
import jax.numpy as jnp

keys = jax.random.key(jnp.arange(4))  # expect: JXE133
print(keys)
