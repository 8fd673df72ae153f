from jax import vmap
import jax.numpy as jnp


def clipped_total(row):
    return row.at[row > 1.0].set(1.0).sum()  # expect: JXE075


print(vmap(clipped_total)(jnp.arange(6.0).reshape(2, 3)))
