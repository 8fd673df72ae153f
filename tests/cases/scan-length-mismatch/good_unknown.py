import sys

import jax
import jax.numpy as jnp


def step(total, x):
    return total + x, x


def run(xs, ys, n):
    return jax.lax.scan(lambda c, p: (c + p[0] * p[1], None), 0.0, (xs, ys), length=n)


n = len(sys.argv) + 4
print(run(jnp.ones(5), jnp.ones(5), 5))
print(jax.lax.scan(step, 0.0, jnp.ones(n)))
print(jax.lax.scan(step, 0.0, jnp.ones(5), length=n + 0 if n == 5 else 5))
ys = jnp.ones(5)
if n > 100:
    ys = jnp.ones(4)
print(jax.lax.scan(lambda c, p: (c, None), 0.0, (jnp.ones(5), ys)))
