import math

import jax
import jax.numpy as jnp


def decay(y, t, rate):
    return -rate * y


def simulate(rate):
    times = jnp.linspace(0.0, math.log(2.0), 5)
    return jax.experimental.ode.odeint(decay, 1.0, times, rate)  # expect: JXE176


print(simulate(1.0))
