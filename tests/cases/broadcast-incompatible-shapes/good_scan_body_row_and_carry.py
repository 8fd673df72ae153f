import jax.numpy as jnp
from jax import lax


def accumulate(state, frame):
    mixed = state + frame
    return mixed, jnp.sum(mixed)


frames = jnp.ones((10, 5))
hidden = jnp.zeros(5)
last, totals = lax.scan(accumulate, hidden, frames)
print(last.shape, totals.shape)
