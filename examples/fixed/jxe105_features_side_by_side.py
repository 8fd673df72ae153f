"""Two feature blocks joined along the feature axis."""

import jax.numpy as jnp

text = jnp.ones((4, 16))
image = jnp.zeros((4, 32))
print(jnp.concatenate([text, image], axis=1).shape)
