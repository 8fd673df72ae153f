import jax.numpy as jnp
from jax import lax


def body_fun(i, state):
    acc, spins = state
    return acc - jnp.sum(spins[:, i] * spins[:, i + 1]), spins


s = jnp.ones([10, 10])
# 0 is weakly typed: JAX promotes it to the float32 scalar the body returns.
E, _ = lax.fori_loop(0, 9, body_fun, (0, s))
print(E)
