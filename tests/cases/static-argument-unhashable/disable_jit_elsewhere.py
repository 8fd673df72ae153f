import jax
import jax.numpy as jnp


def tile(x, reps):
    return jnp.tile(x, reps)


fast_tile = jax.jit(tile, static_argnums=1)


def debug():
    with jax.disable_jit():
        return fast_tile(jnp.ones(2), [2])  # not hashed: jit is disabled here


print(debug())
print(fast_tile(jnp.ones(2), [2, 1]))  # expect: JXE082
