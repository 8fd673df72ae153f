import jax.numpy as jnp

mask = jnp.ones(5)
mask[1:] = 0.0  # expect: JXE080
print(mask)
