from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnames="params")
def sgd(params, grads):
    return params - 0.01 * grads


params = jnp.ones(5)
grads = params
params = sgd(params=params, grads=grads)  # expect: JXE149
print(params)
