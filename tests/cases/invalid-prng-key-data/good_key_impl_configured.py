import jax
import jax.numpy as jnp

jax.config.update("jax_default_prng_impl", "rbg")
key = jnp.zeros(4, dtype=jnp.uint32)
print(jax.random.normal(key))
