import functools

import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.jit, static_argnames="k")
def sum_first(a, start, k):
    return jnp.sum(lax.dynamic_slice(a, (start,), (k,)))


print(sum_first(jnp.arange(5.0), 1, k=2))
