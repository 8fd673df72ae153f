import jax
import jax.numpy as jnp


def tile(x, reps):
    return jnp.tile(x, reps)


fast_tile = jax.jit(tile, static_argnums=1)


def run():
    with jax.disable_jit():
        print(jnp.sin(1.0))
    return fast_tile(jnp.ones(2), [2])  # expect: JXE082


run()
