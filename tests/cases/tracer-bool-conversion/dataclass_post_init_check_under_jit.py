import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Halo:
    mass: jax.Array
    radius: jax.Array

    def __post_init__(self):
        if self.mass < 0:  # expect: JXE070
            raise ValueError("negative mass")

    def potential(self, r):
        return -self.mass / (r + self.radius)


@jax.jit
def potential_at(params, r):
    halo = Halo(params[0], params[1])
    return halo.potential(r)


print(potential_at(jnp.array([2.0, 1.5]), jnp.linspace(1.0, 5.0, 4)))
