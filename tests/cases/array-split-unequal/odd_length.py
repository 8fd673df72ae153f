import jax.numpy as jnp

x = jnp.arange(5)
print(jnp.split(x, 2))  # expect: JXE120
