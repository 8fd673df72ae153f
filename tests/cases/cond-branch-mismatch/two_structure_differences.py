import jax.numpy as jnp
from jax import lax


def first(v):
    return v, [v], {"a": v}


def second(v):
    return v, (v,), {"b": v}


print(lax.cond(True, first, second, jnp.ones(2)))  # expect: JXE095
