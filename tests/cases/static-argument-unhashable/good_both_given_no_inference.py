from functools import partial

import jax
import jax.numpy as jnp


# Both given: JAX infers nothing, so `weights` passed positionally is traced, not static.
@partial(jax.jit, static_argnums=0, static_argnames="mode")
def combine(n, weights, mode="sum"):
    total = sum(weights)
    return total * n if mode == "sum" else total


print(combine(2, [jnp.ones(2), jnp.ones(2)]))
