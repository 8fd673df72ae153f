import jax.numpy as jnp
from jax import lax


def body_fun(i, state):
    acc, spins = state
    return acc - spins[:, i] * spins[:, i + 1], spins


s = jnp.ones([10, 10])
E, _ = lax.fori_loop(0, 9, body_fun, (0, s))  # expect: JXE096
print(E)
