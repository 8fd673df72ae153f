"""The middle of a sequence found with true division, a float in Python 3 (JXE123)."""

import jax.numpy as jnp

signal = jnp.linspace(0.0, 1.0, 9)
length = 9
print(signal[length / 2])  # expect: JXE123
