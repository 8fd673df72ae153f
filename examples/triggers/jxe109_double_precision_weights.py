"""Weights asked for in float64 while 64-bit mode is off, in a test run with warnings as errors (JXE109)."""

import warnings

import jax.numpy as jnp

warnings.simplefilter("error")  # as pytest's filterwarnings = error
weights = jnp.zeros((4, 4), dtype=jnp.float64)  # expect: JXE109
print(weights.dtype)
