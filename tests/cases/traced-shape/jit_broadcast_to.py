import jax
import jax.numpy as jnp


@jax.jit
def tile_rows(row, count):
    return jnp.broadcast_to(row, (count, row.shape[0]))  # expect: JXE072


print(tile_rows(jnp.ones(3), 2))
