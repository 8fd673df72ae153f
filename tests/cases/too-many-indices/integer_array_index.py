import jax.numpy as jnp

table = jnp.arange(12.0).reshape(3, 4)
rows = jnp.array([0, 2])
print(table[rows, 1, 0])  # expect: JXE119
