import jax.numpy as jnp
from jax import lax

seen = {}


def keep_going(state):
    norm = jnp.sum(state ** 2)
    seen["norm"] = norm  # expect: JXE077
    return norm > 1.0


def halve(state):
    return state / 2.0


out = lax.while_loop(keep_going, halve, jnp.full(3, 4.0))
print(seen["norm"] * 2.0)
