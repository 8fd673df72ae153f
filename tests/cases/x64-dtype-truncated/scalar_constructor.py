import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
eps = jnp.float64(1e-12)  # expect: JXE109
print(eps)
