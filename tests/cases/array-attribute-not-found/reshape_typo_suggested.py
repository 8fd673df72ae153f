import jax.numpy as jnp

pixels = jnp.arange(6.0)
print(pixels.reshap(2, 3))  # expect: JXE175
