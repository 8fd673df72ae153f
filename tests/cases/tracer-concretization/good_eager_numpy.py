import numpy as np

import jax.numpy as jnp

counts = np.array([3, 1, 2])
total = int(counts.sum())
mask = jnp.array([1.0, 0.0, 2.0]) > 0
print(total, float(jnp.sum(mask)), jnp.nonzero(mask), jnp.arange(total), jnp.unique(counts))
print(jnp.ones(3).item(0), jnp.ones(2).tolist())
