import jax.nn as nn
from jax.numpy import zeros

h = nn.relu(zeros(3) - 1.0)
h[0] = 1.0  # expect: JXE080
print(h)
