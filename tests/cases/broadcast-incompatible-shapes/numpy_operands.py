# case: static — NumPy arrays raise NumPy's own error, not JAX's
import numpy as np

print(np.ones(3) + np.ones(4))
