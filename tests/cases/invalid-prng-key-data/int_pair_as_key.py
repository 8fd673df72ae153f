import jax
import jax.numpy as jnp

key = jnp.array([0, 42])
print(jax.random.normal(key))  # expect: JXE130
