import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.vmap, in_axes=(0, None, None))
def affine(x, w, b=0.0):
    return x * w + b


print(affine(jnp.ones(3), 2.0, 1.0))
print(affine(jnp.ones(3), 2.0))  # expect: JXE092
