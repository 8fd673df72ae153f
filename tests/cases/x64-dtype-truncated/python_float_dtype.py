import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
x = jnp.zeros(3, dtype=float)  # JAX's default float type: float32, no warning
y = jnp.ones(3).astype(jnp.float32)
print(x.dtype, y.dtype)
