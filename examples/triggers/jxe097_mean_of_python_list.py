"""A Python list given to a jax.numpy reduction (JXE097).

The per-step losses are collected in a Python list, as with NumPy; `jnp.mean` wants an array
and refuses the list instead of converting it.
"""

import jax.numpy as jnp

losses = []
for step in range(4):
    losses.append(jnp.float32(1.0) / (step + 1))
print(jnp.mean(losses))  # expect: JXE097
