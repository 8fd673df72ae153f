import jax.numpy as jnp


def tile_rows(x, n):
    return x.reshape(n, 5)  # expect: JXE104


print(tile_rows(jnp.ones(12), 3))
