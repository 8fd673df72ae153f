import jax.numpy as jnp
from jax import lax


def step(carry, x):
    total, label = carry
    return (total + x, label), x


print(lax.scan(step, (0.0, "running"), jnp.arange(4.0)))  # expect: JXE142
