import jax.numpy as jnp


def tile_rows(x, n):
    return x.reshape(n, 4)


print(tile_rows(jnp.ones(12), 3))
