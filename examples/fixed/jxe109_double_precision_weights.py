"""The weights ask for the float type JAX uses by default."""

import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
weights = jnp.zeros((4, 4), dtype=jnp.float32)
print(weights.dtype)
