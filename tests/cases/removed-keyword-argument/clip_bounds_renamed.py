import jax.numpy as jnp

pixels = jnp.arange(12.0).reshape(3, 4)
print(jnp.clip(pixels, a_min=0.0, a_max=10.0))  # expect: JXE156
