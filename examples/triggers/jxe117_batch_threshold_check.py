"""A notebook cell tests a whole batch of scores with a Python `if` (JXE117)."""

import jax.numpy as jnp

scores = jnp.array([0.2, 0.9, 0.4])
if scores > 0.5:  # expect: JXE117
    print("confident")
