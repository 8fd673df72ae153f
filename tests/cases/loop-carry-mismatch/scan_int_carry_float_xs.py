import jax.numpy as jnp
from jax import lax


def step(total, x):
    return total + x, x


xs = jnp.array([0.5, 1.5, 2.0])
print(lax.scan(step, jnp.int32(0), xs))  # expect: JXE096
