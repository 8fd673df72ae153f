import jax
import jax.numpy as jnp


@jax.vmap
def shift(x, offset):
    return x + offset


print(shift(jnp.ones(4), offset=1.0))  # expect: JXE118
