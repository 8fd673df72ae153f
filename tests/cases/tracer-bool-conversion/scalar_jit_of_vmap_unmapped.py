import jax
import jax.numpy as jnp


def shift(x, offset):
    if offset:  # expect: JXE070
        return x + offset
    return x


print(jax.jit(jax.vmap(shift, in_axes=(0, None)))(jnp.ones((2, 3)), 1))
