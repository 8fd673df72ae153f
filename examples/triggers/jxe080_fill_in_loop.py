"""A running sum filled in element by element, NumPy style (JXE080).

`jnp.zeros` makes a JAX array, and JAX arrays cannot be changed in place.
"""

import jax.numpy as jnp

values = jnp.array([3.0, 1.0, 4.0, 1.0])
running = jnp.zeros(4)
for i in range(4):
    running[i] = values[: i + 1].sum()  # expect: JXE080
print(running)
