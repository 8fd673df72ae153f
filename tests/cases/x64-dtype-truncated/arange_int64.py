import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
indices = jnp.arange(10, dtype=jnp.int64)  # expect: JXE109
print(indices)
