import jax.numpy as jnp
from jax import lax


def step(carry, x):
    return carry + x, x


print(lax.scan(step, 0, jnp.ones(3)))
print(lax.scan(lambda c, x: (c * x, None), 1, jnp.ones((3,))))
print(lax.scan(lambda c, x: (c + x, None), 1, jnp.ones((3,), jnp.int16)))
