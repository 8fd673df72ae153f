import jax
import jax.numpy as jnp


def tile(x, reps):
    return jnp.tile(x, reps)


with jax.disable_jit():  # no compilation, no hashing of static arguments
    print(jax.jit(tile, static_argnums=1)(jnp.ones(2), [2, 3]))
