import functools

import jax
import jax.numpy as jnp

scales = jnp.array([1.0, 2.0, 3.0])
names = ["a", "b", "c"]


@jax.jit
def f(x, i):
    total = x
    for k in range(len(x)):
        total = total + x[k]
    for k in range(x.shape[0]):
        total = total * scales[k]
    return total + scales[i] + x[i] + len(names[1])


@functools.partial(jax.jit, static_argnames=("n",))
def power(x, n):
    for _ in range(n):
        x = x * 2.0
    return x + scales[: n]


def body(i, c):
    return c + scales[i]


print(f(jnp.ones(3), 1), power(jnp.ones(3), 3), jax.lax.fori_loop(0, 3, body, 0.0))
