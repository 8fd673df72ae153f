import jax
import jax.numpy as jnp

key = jax.random.key(0)
print(jnp.asarray(key).dtype, jnp.stack([key, key]).shape)
