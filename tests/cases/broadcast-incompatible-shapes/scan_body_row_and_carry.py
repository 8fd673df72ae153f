import jax.numpy as jnp
from jax import lax


def accumulate(state, frame):
    mixed = state + frame  # expect: JXE101
    return mixed, jnp.sum(mixed)


frames = jnp.ones((10, 5))
hidden = jnp.zeros(8)
last, totals = lax.scan(accumulate, hidden, frames)
print(last.shape, totals.shape)
