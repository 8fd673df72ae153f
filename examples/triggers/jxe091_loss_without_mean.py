"""jax.grad of a loss that returns one value per example (JXE091).

The squared errors are never reduced: the function returns a vector of four, and a
gradient needs one number.
"""

import jax
import jax.numpy as jnp


def loss(w, x, y):
    errors = x * w - y
    return errors ** 2


w = jnp.ones(4)
x = jnp.linspace(0.0, 1.0, 4)
y = jnp.zeros(4)
print(jax.grad(loss)(w, x, y))  # expect: JXE091
