"""A Python int next to a float32 array in a lax operation (JXE098).

`lax` never promotes: the `0` becomes int32 and meets float32.
"""

import jax.numpy as jnp
from jax import lax

x = jnp.linspace(-2.0, 2.0, 5)
leaky = lax.max(x, 0) + 0.01 * lax.min(x, 0.0)  # expect: JXE098
print(leaky)
