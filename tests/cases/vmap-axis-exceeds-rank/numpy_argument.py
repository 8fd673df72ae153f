import jax
import numpy as np

# vmap converts the NumPy vector: it has no axis 1 to map.
print(jax.vmap(lambda v: v * 2, in_axes=1)(np.arange(5.0)))  # expect: JXE118
