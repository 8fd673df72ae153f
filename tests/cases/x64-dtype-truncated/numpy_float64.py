import warnings

import jax.numpy as jnp
import numpy as np

warnings.simplefilter("error")
host = np.zeros(3, dtype=np.float64)  # NumPy keeps float64: no warning
host = host.astype(np.float64)
x = jnp.asarray(host)  # float64 data converted silently (no dtype requested)
print(x.dtype)
