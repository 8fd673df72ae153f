import sys

import jax.numpy as jnp
import numpy as np


def halves(x):
    return jnp.split(x, 2)


n = len(sys.argv) + 1
print(jnp.split(jnp.arange(6), n))
print(halves(jnp.arange(6)))
print(np.split(np.arange(6), 2))
y = jnp.arange(6)
if n > 100:
    y = jnp.arange(5)
print(jnp.split(y, 2))
sections = 2
sections += 1
print(jnp.split(jnp.arange(6), sections))
