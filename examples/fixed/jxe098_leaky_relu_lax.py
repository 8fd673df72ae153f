"""`jnp.maximum` promotes the Python int to the array's float32."""

import jax.numpy as jnp
from jax import lax

x = jnp.linspace(-2.0, 2.0, 5)
leaky = jnp.maximum(x, 0) + 0.01 * lax.min(x, 0.0)
print(leaky)
