import jax.numpy as jnp
from jax import lax


def body_fun(i, state):
    acc, spins = state
    return acc - spins[:, i] * spins[:, i + 1], spins


s = jnp.ones([10, 10])
# A test that expects the error: nothing to report.
try:
    lax.fori_loop(0, 9, body_fun, (0, s))
except TypeError as error:
    print("raised as expected:", str(error).splitlines()[0])
