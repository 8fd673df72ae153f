import jax.numpy as jnp

media = jnp.ones((100, 3))
weights = jnp.ones((21, 3))
recent = media[83:]
print(recent + weights)  # expect: JXE101
