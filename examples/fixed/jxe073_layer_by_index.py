"""The scales are one array, which a traced index can index."""

import jax
import jax.numpy as jnp

scales = jnp.array([1.0, 2.0, 3.0])


def body(i, x):
    return x * scales[i]


print(jax.lax.fori_loop(0, 3, body, jnp.ones(2)))
