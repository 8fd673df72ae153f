import jax
import jax.numpy as jnp

names = ["Fe", "O", "O", "Fe"]
MASS = {"Fe": 55.8, "O": 16.0}
masses = jnp.array([MASS[n] for n in names])
velocities = jnp.ones((4, 3))
steps = jnp.array([0.1 * i for i in range(4)])


def kinetic(m, v, dt):
    return 0.5 * m * jnp.sum(v ** 2) * dt


print(jax.vmap(kinetic)(masses, velocities, steps))
