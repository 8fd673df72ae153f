import warnings

import jax.numpy as jnp

DTYPE = jnp.float64
warnings.simplefilter("error")
total = jnp.sum(jnp.ones(3), dtype=DTYPE)  # expect: JXE109
print(total)
