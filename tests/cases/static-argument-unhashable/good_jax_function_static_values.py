from functools import partial

import jax
import jax.numpy as jnp

stack = jnp.arange(24.0).reshape(2, 3, 4)


@partial(jax.jit, static_argnames="axis")
def ranked(data, axis):
    return jnp.sort(data, axis=axis)


def band(matrix, offset):
    return jnp.triu(matrix, offset)


print(ranked(stack, 1), jnp.median(stack, axis=(0, 1)), jnp.sort(stack, axis=-1))
print(jax.jit(band, static_argnums=1)(jnp.ones((4, 4)), 1), band(jnp.ones((4, 4)), 2))
print(jnp.round(stack, 2), jnp.cumsum(stack, axis=2))
