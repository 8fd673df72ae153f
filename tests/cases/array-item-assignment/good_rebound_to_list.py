import jax.numpy as jnp

row = jnp.zeros(3)
row = [0.0, 0.0, 0.0]
row[0] = 1.0
items = jnp.ones(2) if len(row) > 5 else [1.0, 2.0]
items[0] = 0.0
print(row, items)
