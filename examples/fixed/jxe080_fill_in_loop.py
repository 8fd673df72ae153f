"""Each step binds the name to an updated copy made with `.at[i].set`."""

import jax.numpy as jnp

values = jnp.array([3.0, 1.0, 4.0, 1.0])
running = jnp.zeros(4)
for i in range(4):
    running = running.at[i].set(values[: i + 1].sum())
print(running)
