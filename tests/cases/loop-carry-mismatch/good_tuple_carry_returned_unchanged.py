import jax.numpy as jnp
from jax import lax


def step(carry, x):
    return carry, x * 2


print(lax.scan(step, (0, 1.5, jnp.ones(2)), jnp.ones((4, 3))))
