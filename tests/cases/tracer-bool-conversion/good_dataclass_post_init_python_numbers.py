import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Halo:
    mass: float
    radius: float

    def __post_init__(self):
        if self.mass < 0:
            raise ValueError("negative mass")

    def potential(self, r):
        return -self.mass / (r + self.radius)


@jax.jit
def potential_at(r):
    halo = Halo(2.0, 1.5)
    return halo.potential(r)


print(potential_at(jnp.linspace(1.0, 5.0, 4)))
