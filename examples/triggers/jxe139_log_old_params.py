"""Logging the parameters after a step that donated them (JXE139).

The step donates `params` to save memory; the log line afterwards still reads the old array,
whose buffer now holds the updated parameters.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=0)
def sgd_step(params, grads):
    return params - 0.1 * grads


params = jnp.ones((3, 3))
grads = jnp.full((3, 3), 0.5)
new_params = sgd_step(params, grads)
print("before:", jnp.sum(params), "after:", jnp.sum(new_params))  # expect: JXE139
