"""A NumPy function inside a jitted loss (JXE074).

The loss was written with NumPy first; under jax.jit its inputs are tracers, which NumPy cannot
turn into arrays.
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def huber_loss(pred, target):
    err = pred - target
    quadratic = 0.5 * err ** 2
    linear = np.abs(err) - 0.5  # expect: JXE074
    return jnp.mean(jnp.where(jnp.abs(err) < 1.0, quadratic, linear))


print(huber_loss(jnp.array([0.5, 2.0, -3.0]), jnp.zeros(3)))
