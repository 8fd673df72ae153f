import jax
import jax.numpy as jnp


def tile(x, reps):
    return jnp.tile(x, reps)


fast_tile = jax.jit(tile, static_argnums=1)


@jax.vmap
def batched(row):
    return fast_tile(row, [2, 2])  # expect: JXE082


print(batched(jnp.ones((3, 2))))
