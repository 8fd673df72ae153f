import jax
import jax.numpy as jnp


class Halo:
    def __init__(self, mass, radius):
        if mass < 0:  # a Python float the jitted function passes: not traced
            raise ValueError("negative mass")
        self.mass = mass
        self.radius = radius

    def density(self, r):
        return self.mass / (r + self.radius) ** 2


@jax.jit
def profile(r):
    halo = Halo(2.0, r[0])
    return halo.density(r)


print(profile(jnp.ones(4)))
