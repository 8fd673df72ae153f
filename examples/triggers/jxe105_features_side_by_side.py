"""Two feature blocks joined along the batch axis instead of the feature axis (JXE105)."""

import jax.numpy as jnp

text = jnp.ones((4, 16))
image = jnp.zeros((4, 32))
print(jnp.concatenate([text, image]).shape)  # expect: JXE105
