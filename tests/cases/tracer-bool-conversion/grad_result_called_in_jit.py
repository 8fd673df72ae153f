import jax
import jax.numpy as jnp


def potential(positions, scale):
    if positions.mean() < 0.0:  # expect: JXE070
        return scale * jnp.sum(positions ** 2)
    return scale * jnp.sum(positions)


forces = jax.grad(potential)


@jax.jit
def integrate(positions):
    return positions - 0.01 * forces(positions, 2.0)


print(integrate(jnp.linspace(-1.0, 1.0, 4)))
