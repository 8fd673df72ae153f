"""The cell says which truth it means: some score above the threshold (JXE117, fixed)."""

import jax.numpy as jnp

scores = jnp.array([0.2, 0.9, 0.4])
if (scores > 0.5).any():
    print("confident")
