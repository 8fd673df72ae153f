"""The static parameter's position counted from 1 (JXE131).

`n` is position 1 of `repeat(x, n)`; jax.jit refuses position 2 when it wraps the function.
"""

import jax
import jax.numpy as jnp


def repeat(x, n):
    return jnp.tile(x, n)


fast_repeat = jax.jit(repeat, static_argnums=2)  # expect: JXE131
print(fast_repeat(jnp.ones(2), 3))
