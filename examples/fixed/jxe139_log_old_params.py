"""The value to log is computed before the step donates the array."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=0)
def sgd_step(params, grads):
    return params - 0.1 * grads


params = jnp.ones((3, 3))
grads = jnp.full((3, 3), 0.5)
before = jnp.sum(params)
params = sgd_step(params, grads)
print("before:", before, "after:", jnp.sum(params))
