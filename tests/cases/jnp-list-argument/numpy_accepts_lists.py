import numpy as np

import jax.numpy as jnp

print(np.sum([1.0, 2.0]), np.mean((1.0, 2.0)), jnp.sum(np.array([1.0, 2.0])))
