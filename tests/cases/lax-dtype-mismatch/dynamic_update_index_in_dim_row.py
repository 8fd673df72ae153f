import jax.numpy as jnp
from jax import lax

table = jnp.zeros((5, 3), dtype=jnp.int32)
row = jnp.ones(3)
table = lax.dynamic_update_index_in_dim(table, row, 2, 0)  # expect: JXE098
print(table)
