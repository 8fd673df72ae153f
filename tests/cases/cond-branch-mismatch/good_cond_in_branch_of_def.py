import jax.numpy as jnp
from jax import lax


def summarize(flag, x):
    if x.ndim == 0:
        return lax.cond(flag, lambda v: v.mean(), lambda v: v, x)
    return x.mean()


print(summarize(True, jnp.ones(4)))
