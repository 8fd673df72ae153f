import jax.numpy as jnp
from jax import lax

forces = jnp.linspace(-1.0, 1.0, 20)
dt = 0.01
decay = jnp.float32(0.9)


def step(position, force):
    position = decay * position + dt * force
    return position, position


final, path = lax.scan(step, 0.0, forces)
steps, _ = lax.scan(lambda c, x: (c + 1, x), 0, {"f": forces, "g": jnp.ones((20, 2))})
print(final, path.shape, steps)
