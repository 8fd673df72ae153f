import sys

import jax
import jax.numpy as jnp


def pick(x, i):
    return x[i]


x = jnp.arange(7.0)
i = 3
if len(sys.argv) > 100:
    i = 3.5
print(x[i], pick(x, 2), jax.jit(pick)(x, 2))
for j in range(3):
    print(x[j])
