import jax
from jax import numpy as np

buf = jax.new_ref(np.ones(4))
print(np.divide(1.0, buf))  # expect: JXE014
