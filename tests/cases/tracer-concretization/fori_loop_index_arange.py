import jax.numpy as jnp
from jax import lax


def body(i, acc):
    return acc + jnp.arange(i).sum()  # expect: JXE071


print(lax.fori_loop(0, 4, body, 0))
