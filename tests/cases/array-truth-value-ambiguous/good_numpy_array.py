import jax.numpy as jnp
import numpy as np

x = np.array([1, 2, 3])
if x.size and x[0] > 0:  # NumPy scalars
    print(jnp.asarray(x))
