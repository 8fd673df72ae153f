import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def head(x, n):
    half = x.shape[0] // 2
    return x[:n], x[half:], x[1:-1], x[: len(x) - 1], x[::2]


@jax.jit(static_argnames=("start",))
def window(x, start):
    return x[start:start + 2]


print(head(jnp.arange(6.0), 2), window(jnp.arange(6.0), start=1))
