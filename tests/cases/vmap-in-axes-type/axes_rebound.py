import sys

import jax
import jax.numpy as jnp

axes = {"x": 0}
if len(sys.argv) >= 0:
    axes = 0
print(jax.vmap(lambda x: x + 1.0, in_axes=axes)(jnp.ones(3)))
