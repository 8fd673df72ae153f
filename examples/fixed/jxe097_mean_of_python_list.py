"""The list of scalars is stacked into one array before reducing it."""

import jax.numpy as jnp

losses = []
for step in range(4):
    losses.append(jnp.float32(1.0) / (step + 1))
print(jnp.mean(jnp.stack(losses)))
