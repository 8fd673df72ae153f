import functools

import jax
import jax.numpy as jnp


def scale(x, mode, factor):
    if mode == "double":
        x = x * 2
    if factor:  # expect: JXE070
        x = x * factor
    return x


fast = functools.partial(jax.jit, static_argnums=1)(scale)
print(fast(jnp.ones(2), "double", -1))
