import jax.numpy as jnp

h, w = 3, 4
print(jnp.prod((h, w)))  # expect: JXE097
