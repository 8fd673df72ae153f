"""A minibatch of distinct indices larger than the dataset (JXE134)."""

import jax
import jax.numpy as jnp

dataset = jnp.arange(20.0).reshape(10, 2)
batch_size = 16
key = jax.random.key(0)
indices = jax.random.choice(key, 10, (batch_size,), replace=False)  # expect: JXE134
print(dataset[indices].shape)
