# case: static — NumPy arrays are unhashable too, but that is NumPy's error, not JAX's
import numpy as np

print({np.ones(3): 1})
