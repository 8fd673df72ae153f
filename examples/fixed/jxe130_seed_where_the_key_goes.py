"""A key made from the seed, passed to the sampler."""

import jax

seed = 0
weights = jax.random.normal(jax.random.key(seed), (3, 2))
print(weights.shape)
