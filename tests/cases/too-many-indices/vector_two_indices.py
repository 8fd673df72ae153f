import jax.numpy as jnp

x = jnp.arange(6.0)
print(x[0, 0])  # expect: JXE119
