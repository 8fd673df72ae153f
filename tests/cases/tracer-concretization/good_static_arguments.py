import functools

import jax
import jax.numpy as jnp
from jax import jit


@functools.partial(jax.jit, static_argnames=("n",))
def by_name(x, n):
    return x[:n] * int(n)


@functools.partial(jit, static_argnums=-1)
def negative(x, n):
    return x * jnp.arange(n).sum()


@jax.jit(static_argnums=(1, 2))
def two(x, start, stop):
    return x * jnp.arange(start, stop).sum() + float(start)


def plain(x, count):
    return x * jnp.linspace(0.0, 1.0, count).sum()


plain_jit = jax.jit(plain, static_argnums=1)
print(by_name(jnp.ones(4), 2), negative(jnp.ones(2), 3), two(jnp.ones(2), 1, 4), plain_jit(1.0, 3))
