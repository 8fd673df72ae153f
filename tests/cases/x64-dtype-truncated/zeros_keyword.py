import warnings

import jax.numpy as jnp

warnings.simplefilter("error")  # the UserWarning becomes an exception, as under pytest's filterwarnings = error
weights = jnp.zeros((3, 2), dtype=jnp.float64)  # expect: JXE109
print(weights.dtype)
