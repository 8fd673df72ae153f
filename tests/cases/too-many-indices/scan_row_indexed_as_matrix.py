import jax.numpy as jnp
from jax import lax


def running_corner(total, frame):
    total = total + frame[0, 1]  # expect: JXE119
    return total, frame


frames = jnp.arange(12.0).reshape(4, 3)
print(lax.scan(running_corner, 0.0, frames))
