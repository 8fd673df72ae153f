"""A fixed-point loop that donates the iterate and passes the previous one, the same array (JXE149).

`previous = x` only names the array again: the jitted step donates `x` and reads `previous`,
one buffer, and XLA refuses to hand it over while the call still reads it.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=0)
def relax(x, previous):
    return 0.5 * x + 0.5 * previous


x = jnp.ones(8)
for _ in range(3):
    previous = x
    x = relax(x, previous)  # expect: JXE149
print(x)
