from numpy import sin

import jax
import jax.numpy as jnp


@jax.jit
def wave(t):
    return sin(t)  # expect: JXE074


print(wave(jnp.linspace(0.0, 1.0, 4)))
