import jax
import numpy as np

key = jax.random.key(0)
key = jax.random.key_data(key)
print(np.asarray(key))
