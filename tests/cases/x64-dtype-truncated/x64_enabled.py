import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
weights = jnp.zeros(3, dtype=jnp.float64)
assert weights.dtype == jnp.float64
print(weights)
