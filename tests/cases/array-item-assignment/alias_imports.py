import jax as J
from jax import numpy as np

grid = np.zeros((2, 2)) + J.numpy.eye(2)
grid[0, 1] = 1.0  # expect: JXE080
print(grid)
