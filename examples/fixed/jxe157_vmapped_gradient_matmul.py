import jax
import jax.numpy as jnp

stiffness = jnp.array([[2.0, -1.0], [-1.0, 2.0]])


def strain_energy(displacement):
    return 0.5 * jnp.sum(displacement @ stiffness)


loads = jnp.linspace(0.0, 1.0, 8).reshape(4, 2)
print(jax.vmap(jax.grad(strain_energy))(loads))
