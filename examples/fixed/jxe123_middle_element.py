"""Floor division keeps the index an int (JXE123, fixed)."""

import jax.numpy as jnp

signal = jnp.linspace(0.0, 1.0, 9)
length = 9
print(signal[length // 2])
