import jax.numpy as jnp
from jax import lax


def track(state, reading):
    position, velocity = state  # expect: JXE155
    velocity = 0.9 * velocity + 0.1 * (reading - position)
    return (position + velocity, velocity), position


readings = jnp.linspace(0.0, 3.0, 7)
_, positions = lax.scan(track, jnp.float32(0.0), readings)
print(positions)
