import jax.numpy as jnp

table = jnp.ones((3, 4))
print(table[0, 1.0])  # expect: JXE123
