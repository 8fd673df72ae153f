"""lax.cond used for an elementwise choice on a vector (JXE135)."""

import jax
import jax.numpy as jnp

x = jnp.linspace(-1.0, 1.0, 5)
clipped = jax.lax.cond(x > 0, lambda v: v, lambda v: 0.1 * v, x)  # expect: JXE135
print(clipped)
