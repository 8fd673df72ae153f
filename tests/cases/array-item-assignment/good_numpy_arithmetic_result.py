import numpy as np
import jax.numpy as jnp

weights = np.ones(4) * 0.5  # NumPy times a number is a NumPy array: it can be written
weights[0] = 1.0
scaled = 2 * np.arange(3) - 1
scaled[1] = 7
print(jnp.asarray(weights).sum(), scaled)
