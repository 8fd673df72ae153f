import jax.numpy as jnp
from jax import lax

box = {}


def body(i, acc):
    box["acc"] = acc * 2.0  # expect: JXE077
    return acc + i


total = lax.fori_loop(0, 3, body, jnp.zeros(2))
print(-box["acc"])
