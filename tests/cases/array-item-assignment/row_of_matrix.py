import jax.numpy as jnp

m = jnp.ones((2, 2))
row = m[0]
row[1] = 5.0  # expect: JXE080
print(m, row)
