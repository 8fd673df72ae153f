"""A method decorated with jax.jit (JXE081).

The instance is passed to the jitted function as its argument `self`; a plain class is not a
pytree, so JAX cannot trace it.
"""

import jax
import jax.numpy as jnp


class Oscillator:
    def __init__(self, omega):
        self.omega = omega

    @jax.jit  # expect: JXE081
    def position(self, t):
        return jnp.cos(self.omega * t)


print(Oscillator(2.0).position(jnp.linspace(0.0, 1.0, 5)))
