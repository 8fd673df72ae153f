"""At most as many distinct indices as there are examples."""

import jax
import jax.numpy as jnp

dataset = jnp.arange(20.0).reshape(10, 2)
batch_size = min(16, 10)
key = jax.random.key(0)
indices = jax.random.choice(key, 10, (batch_size,), replace=False)
print(dataset[indices].shape)
