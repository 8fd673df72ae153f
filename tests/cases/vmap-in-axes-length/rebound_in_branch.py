import sys

import jax
import jax.numpy as jnp


def scale(x, factor=2.0):
    return x * factor


if len(sys.argv) > 5:
    scale = jax.vmap(scale, in_axes=(0, None))
print(scale(jnp.ones(3)))
