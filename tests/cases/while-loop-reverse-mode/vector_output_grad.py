# case: static — jax.grad of a vector output raises JXE091's error first (not this one)
import jax
import jax.numpy as jnp
from jax import lax


def grow(v):
    return lax.while_loop(lambda c: jnp.sum(c) < 100.0, lambda c: c * 1.5, v)


print(jax.grad(grow)(jnp.ones(3)))
