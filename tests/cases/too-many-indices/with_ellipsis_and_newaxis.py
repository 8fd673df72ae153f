import jax.numpy as jnp

y = jnp.ones((2, 3)) * 2.0
print(y[..., None, 0, 1, 2])  # expect: JXE119
