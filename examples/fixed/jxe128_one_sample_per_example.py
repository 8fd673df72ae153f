"""One draw per key, mapped over the keys with jax.vmap."""

import jax
import jax.numpy as jnp

batch = jnp.ones((4, 3))
key = jax.random.key(0)
keys = jax.random.split(key, batch.shape[0])
noise = jax.vmap(lambda k: jax.random.normal(k, batch.shape[1:]))(keys)
print((batch + noise).shape)
