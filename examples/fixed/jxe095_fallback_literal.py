"""The fallback returns a float like the other branch."""

import jax.numpy as jnp
from jax import lax


def safe_sqrt(x):
    return jnp.sqrt(x)


x = jnp.float32(4.0)
y = lax.cond(x >= 0, safe_sqrt, lambda x: 0.0, x)
print(y)
