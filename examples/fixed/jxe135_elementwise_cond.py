"""jnp.where chooses element by element."""

import jax.numpy as jnp

x = jnp.linspace(-1.0, 1.0, 5)
clipped = jnp.where(x > 0, x, 0.1 * x)
print(clipped)
