import jax.numpy as jnp
from jax import lax


def accumulate(xs, n):
    def body(i, carry):
        acc, total = carry
        return acc + xs[i], total + xs[i].sum()

    return lax.fori_loop(0, n, body, (jnp.zeros_like(xs[0]), jnp.zeros((), jnp.int32)))  # expect: JXE096


print(accumulate(jnp.ones((3, 2)), 3))
