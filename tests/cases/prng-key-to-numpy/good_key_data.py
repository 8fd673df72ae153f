import jax
import numpy as np

key = jax.random.key(0)
saved = np.asarray(jax.random.key_data(key))
print(jax.random.normal(jax.random.wrap_key_data(saved)))
