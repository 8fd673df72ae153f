import jax
import numpy as np

key = jax.random.PRNGKey(0)
print(np.asarray(key))
