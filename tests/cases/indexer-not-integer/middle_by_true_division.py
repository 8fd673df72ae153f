import jax.numpy as jnp

x = jnp.arange(7.0)
n = 7
print(x[n / 2])  # expect: JXE123
