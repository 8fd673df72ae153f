"""The key's uint32 data saved; jax.random.wrap_key_data restores the key."""

import jax
import numpy as np

rng = jax.random.key(0)
params = jax.random.normal(rng, (3,))
state = {"params": np.asarray(params), "rng": np.asarray(jax.random.key_data(rng))}
print(sorted(state))
