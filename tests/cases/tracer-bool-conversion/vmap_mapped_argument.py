import jax
import jax.numpy as jnp


def shift(x, offset):
    if x > 0.5:  # expect: JXE070
        return x - offset
    return x


print(jax.vmap(shift, in_axes=(0, None))(jnp.arange(3.0), 1.0))
