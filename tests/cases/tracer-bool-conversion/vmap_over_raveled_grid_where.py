import sys

import jax
import jax.numpy as jnp


def folded(p):
    q = p * p - 0.5
    return jnp.where(q > 0.0, q, -q)


def run(n):
    grid = jnp.outer(jnp.linspace(0.0, 1.0, n), jnp.ones(n)).ravel()
    return jax.vmap(folded)(grid)


print(run(len(sys.argv) + 3))
