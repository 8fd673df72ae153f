import jax.numpy as jnp
from jax import lax


def update(state, i):
    acc, spins = state
    return acc + jnp.sum(spins[i]), spins


s = jnp.ones((4, 4))
print(lax.fori_loop(0, 4, lambda i, state: update(state, i), (0, s)))
