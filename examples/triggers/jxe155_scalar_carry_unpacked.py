import jax.numpy as jnp
from jax import lax


def accumulate(state, value):
    total, count = state  # expect: JXE155
    return (total + value, count + 1), total


values = jnp.array([2.0, 3.0, 5.0])
_, running = lax.scan(accumulate, jnp.float32(0.0), values)
print(running)
