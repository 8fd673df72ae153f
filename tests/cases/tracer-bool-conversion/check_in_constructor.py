import jax
import jax.numpy as jnp


class Halo:
    def __init__(self, mass, radius):
        if mass < 0:  # expect: JXE070
            raise ValueError("negative mass")
        self.mass = mass
        self.radius = radius

    def density(self, r):
        return self.mass / (r + self.radius) ** 2


@jax.jit
def profile(masses, r):
    halo = Halo(masses[0], 1.0)
    return halo.density(r)


print(profile(jnp.ones(3), jnp.ones(4)))
