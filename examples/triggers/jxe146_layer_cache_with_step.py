"""A jitted update of a cache keyed by layer index, with a step counter beside them (JXE146)."""

import jax
import jax.numpy as jnp


@jax.jit
def advance(cache):
    return jax.tree.map(lambda x: x + 1, cache)


cache = {0: jnp.zeros(4), 1: jnp.zeros(4), "step": jnp.array(0)}
cache = advance(cache)  # expect: JXE146
print(cache)
