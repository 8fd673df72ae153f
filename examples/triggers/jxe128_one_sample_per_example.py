"""One key per example, but the whole key array given to the sampler (JXE128).

`jax.random.split(key, n)` returns n keys; `normal` draws from one.
"""

import jax
import jax.numpy as jnp

batch = jnp.ones((4, 3))
key = jax.random.key(0)
keys = jax.random.split(key, batch.shape[0])
noise = jax.random.normal(keys, batch.shape[1:])  # expect: JXE128
print((batch + noise).shape)
