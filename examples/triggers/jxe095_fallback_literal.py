"""A fallback branch written with an int literal (JXE095).

`lax.cond` compiles both branches into one result type: the int 0 is an int32, the other
branch returns float32.
"""

import jax.numpy as jnp
from jax import lax


def safe_sqrt(x):
    return jnp.sqrt(x)


x = jnp.float32(4.0)
y = lax.cond(x >= 0, safe_sqrt, lambda x: 0, x)  # expect: JXE095
print(y)
