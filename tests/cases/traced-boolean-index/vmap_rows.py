import jax
import jax.numpy as jnp


def row_positive_sum(row):
    return row[row > 0].sum()  # expect: JXE075


print(jax.vmap(row_positive_sum)(jnp.ones((2, 3))))
