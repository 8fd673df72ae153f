import jax
import jax.numpy as jnp


@jax.jit
def first_nonzero(*blocks):
    if blocks[0].sum() != 0:  # expect: JXE070
        return blocks[0]
    return blocks[1]


print(first_nonzero(jnp.zeros(2), jnp.ones(2)))
