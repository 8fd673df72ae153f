"""A typed key saved with NumPy alongside the parameters (JXE132).

Raw `PRNGKey` arrays converted silently; typed keys have no NumPy form.
"""

import jax
import numpy as np

rng = jax.random.key(0)
params = jax.random.normal(rng, (3,))
state = {"params": np.asarray(params), "rng": np.asarray(rng)}  # expect: JXE132
print(sorted(state))
