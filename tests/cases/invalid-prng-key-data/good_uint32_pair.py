import jax
import jax.numpy as jnp

key = jnp.array([0, 42], dtype=jnp.uint32)
print(jax.random.normal(key))
print(jax.random.normal(jax.random.wrap_key_data(key)))
