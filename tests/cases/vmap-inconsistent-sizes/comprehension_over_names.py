import jax
import jax.numpy as jnp

names = ["Fe", "O", "O", "Fe", "O"]
MASS = {"Fe": 55.8, "O": 16.0}
masses = jnp.array([MASS[n] for n in names])
velocities = jnp.ones((4, 3))


def kinetic(m, v):
    return 0.5 * m * jnp.sum(v ** 2)


print(jax.vmap(kinetic)(masses, velocities))  # expect: JXE094
