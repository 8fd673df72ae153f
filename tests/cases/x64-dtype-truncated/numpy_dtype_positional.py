import warnings

import jax.numpy as jnp
import numpy as np

warnings.simplefilter("error")
ones = jnp.ones(5, np.float64)  # expect: JXE109
print(ones)
