import jax
import jax.numpy as jnp

stiffness = jnp.array([[2.0, -1.0], [-1.0, 2.0]])


def strain_energy(displacement):
    return 0.5 * jnp.sum(displacement @ stiffness)  # expect: JXE157


loads = jnp.linspace(0.0, 1.0, 4)
print(jax.vmap(jax.grad(strain_energy))(loads))
