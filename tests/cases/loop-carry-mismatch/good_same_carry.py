import functools

import jax.numpy as jnp
from jax import lax


def body(scale, carry, x):
    return carry * scale + x, carry


xs = jnp.ones((4, 2))
print(lax.scan(functools.partial(body, 2.0), jnp.zeros(2), xs, reverse=True, unroll=2))
print(lax.fori_loop(0, 3, lambda i, c: (c[0] + i, c[1] * 2.0), (0, jnp.ones(2)), unroll=True))
print(lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, 1.0))
print(lax.fori_loop(0, 3, lambda i, c: c + i, jnp.float32(0)))
