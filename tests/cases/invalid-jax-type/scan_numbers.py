import jax.numpy as jnp
from jax import lax


def step(carry, x):
    return carry + x, x


print(lax.scan(step, 0.0, jnp.arange(4.0)))
print(lax.add(jnp.ones(2), 1.0))
