import sys

import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p + 1.0, donate_argnums=0)
x = jnp.ones(4)
if len(sys.argv) > 5:
    y = step(x)
print(x)
