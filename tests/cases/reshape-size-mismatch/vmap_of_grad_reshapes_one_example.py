import jax
import jax.numpy as jnp


def energy(spins):
    grid = spins.reshape(4, 4)  # expect: JXE104
    return -jnp.sum(grid * jnp.roll(grid, 1, axis=0))


configurations = jnp.ones((3, 8))
print(jax.vmap(jax.grad(energy))(configurations))
