import jax.numpy as jnp
from jax import lax


def summarize(flag, x):
    return lax.cond(flag, lambda v: v.mean(), lambda v: v, x)  # expect: JXE095


print(summarize(True, jnp.ones(4)))
