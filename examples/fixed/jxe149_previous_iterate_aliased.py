"""The previous iterate is a copy: its own buffer."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=0)
def relax(x, previous):
    return 0.5 * x + 0.5 * previous


x = jnp.ones(8)
for _ in range(3):
    previous = jnp.copy(x)
    x = relax(x, previous)
print(x)
