import jax.numpy as jnp

v = jnp.ones(9)
print(jnp.hsplit(v, 2))  # expect: JXE120
