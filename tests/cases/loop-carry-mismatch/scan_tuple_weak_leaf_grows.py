import jax.numpy as jnp
from jax import lax


def step(carry, x):
    total, count = carry
    return (total + x, count + 1), None


init = (0.0, 0)
print(lax.scan(step, init, jnp.ones((4, 3))))  # expect: JXE096
