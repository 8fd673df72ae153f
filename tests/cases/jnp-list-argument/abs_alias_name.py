from jax import numpy as np

print(np.abs([-1.0, 2.0]))  # expect: JXE097
