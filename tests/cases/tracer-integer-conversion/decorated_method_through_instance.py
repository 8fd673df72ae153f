import functools

import jax
import jax.numpy as jnp


class Stepper:
    def __init__(self, dt):
        self.dt = dt

    @functools.partial(jax.jit, static_argnums=0)
    def integrate(self, y, n_steps):
        for _ in range(n_steps):  # expect: JXE073
            y = y - self.dt * y
        return y


stepper = Stepper(0.1)
print(stepper.integrate(jnp.ones(3), 5))
