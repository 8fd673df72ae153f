import jax
import jax.numpy as jnp


def tile_rows(x, n):
    return x.reshape(n, 5)


print(jax.jit(tile_rows, static_argnums=1)(jnp.ones(15), 3))
