import sys

import jax
import jax.numpy as jnp


def f(x, y):
    return x * y


def run(a, b):
    return jax.vmap(f)(a, b)


n = len(sys.argv) + 2
print(run(jnp.ones(3), jnp.ones(3)))
print(jax.vmap(f)(jnp.ones(n), jnp.ones(n)))
ys = jnp.ones(3)
if n > 100:
    ys = jnp.ones(4)
print(jax.vmap(f)(jnp.ones(3), ys))
