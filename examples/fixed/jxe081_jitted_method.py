"""A method decorated with jax.jit (JXE081), fixed.

The array computation is a module-level jitted function; the method passes it the attribute
it needs, so nothing but arrays and numbers reaches jax.jit.
"""

import jax
import jax.numpy as jnp


@jax.jit
def position(omega, t):
    return jnp.cos(omega * t)


class Oscillator:
    def __init__(self, omega):
        self.omega = omega

    def position(self, t):
        return position(self.omega, t)


print(Oscillator(2.0).position(jnp.linspace(0.0, 1.0, 5)))
