"""The static parameter named, which survives reordering and keyword-only parameters."""

import jax
import jax.numpy as jnp


def repeat(x, n):
    return jnp.tile(x, n)


fast_repeat = jax.jit(repeat, static_argnames="n")
print(fast_repeat(jnp.ones(2), 3))
