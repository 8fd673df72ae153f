import jax
import jax.numpy as jnp
from jax import lax


def double(v):
    return v * 2


def keep(v):
    return v


@jax.jit
def f(x):
    mask = jnp.ones((2, 3), dtype=bool)
    return lax.cond(mask, double, keep, x)  # expect: JXE135


print(f(1.0))
