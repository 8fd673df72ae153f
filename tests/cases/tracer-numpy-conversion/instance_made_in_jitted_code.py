import jax
import jax.numpy as jnp
import numpy as np

GRID = np.linspace(0.1, 2.0, 16)


class Spring:
    def __init__(self, stiffness, rest=1.0):
        self.stiffness, self.rest = stiffness, rest

    def energy(self, lengths):
        stretch = lengths - self.rest
        return self.total(0.5 * self.stiffness * stretch ** 2)

    def total(self, parts):
        return np.exp(-parts).sum()  # expect: JXE074


@jax.jit
def objective(params):
    spring = Spring(params["k"])
    return spring.energy(GRID) + jnp.sum(params["k"] ** 2)


print(objective({"k": 2.5}))
