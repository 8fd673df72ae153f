import jax
import jax.numpy as jnp

names = ["Fe", "O", "O", "Fe", "H"]
MASS = {"Fe": 55.8, "O": 16.0, "H": 1.0}
masses = jnp.array([MASS[n] for n in names if n != "H"])  # (the filter decides the length)
velocities = jnp.ones((4, 3))


def kinetic(m, v):
    return 0.5 * m * jnp.sum(v ** 2)


print(jax.vmap(kinetic)(masses, velocities))
