import jax.numpy as jnp
from jax import lax


def step(position, inputs):
    force, dt = inputs
    position = position + dt * force
    return position, position


forces = jnp.linspace(-1.0, 1.0, 20)
final, path = lax.scan(step, 0.0, (forces, 0.01))  # expect: JXE122
print(final, path.shape)
