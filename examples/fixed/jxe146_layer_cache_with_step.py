"""A jitted update of a cache keyed by layer index, with the step counter kept apart (JXE146)."""

import jax
import jax.numpy as jnp


@jax.jit
def advance(cache):
    return jax.tree.map(lambda x: x + 1, cache)


cache = {"layers": {0: jnp.zeros(4), 1: jnp.zeros(4)}, "step": jnp.array(0)}
cache = advance(cache)
print(cache)
