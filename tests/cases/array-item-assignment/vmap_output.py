import jax
import jax.numpy as jnp


def energy(position, charge):
    return charge * jnp.sum(position ** 2)


positions = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
energies = jax.vmap(energy, in_axes=(0, None))(positions, 2.0)
energies[0] = 0.0  # expect: JXE080
print(energies)
