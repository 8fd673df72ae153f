import numpy as np
from jax import lax, random

x = random.uniform(random.key(0), (3,))
print(lax.add(x, 2), np.pi)  # expect: JXE098
