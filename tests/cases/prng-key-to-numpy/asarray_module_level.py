import jax
import numpy as np

key = jax.random.key(0)
saved = np.asarray(key)  # expect: JXE132
print(saved)
