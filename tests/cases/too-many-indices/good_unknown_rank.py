import sys

import jax.numpy as jnp
import numpy as np


def pick(x):
    return x[0, 0]


x = jnp.ones(3)
if len(sys.argv) < 100:
    x = jnp.ones((3, 3))
print(x[0, 0])
print(pick(jnp.ones((2, 2))))
idx = (0, 0)
print(np.ones((2, 2))[idx], jnp.ones((2, 2))[idx])
for row in jnp.ones((2, 2)):
    print(row[0])
