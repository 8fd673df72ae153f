import jax
import jax.numpy as jnp


def layer(x, depth):
    while depth > 0:  # expect: JXE070
        x = jnp.sin(x)
        depth = depth - 1
    return x


print(jax.checkpoint(layer)(jnp.ones(3), 2))
