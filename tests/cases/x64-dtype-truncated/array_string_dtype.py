import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
data = [1.0, 2.0, 3.0]
x = jnp.array(data, dtype="float64")  # expect: JXE109
print(x)
