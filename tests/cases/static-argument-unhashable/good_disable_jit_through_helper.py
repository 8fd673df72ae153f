import jax
import jax.numpy as jnp


def tile(x, reps):
    return jnp.tile(x, reps)


fast_tile = jax.jit(tile, static_argnums=1)


def tiled(v):
    return fast_tile(v, [2])  # runs only under disable_jit below: not hashed


def debug():
    with jax.disable_jit():
        return tiled(jnp.ones(2))


print(debug())
