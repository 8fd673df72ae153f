import jax.numpy as jnp
from jax import lax


def keep(x):
    return x


def reset(x):
    return jnp.zeros(3)


x = jnp.ones(2)
print(lax.cond(True, keep, reset, x))  # expect: JXE095
