import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnames=("params",))
def sgd(params, grads, lr):
    return params - lr * grads


params = jnp.arange(6.0).reshape(2, 3)
grads = jnp.ones((2, 3))
updated = sgd(params, grads, 0.1)
print("old norm", jnp.sum(params), "new", updated)  # expect: JXE139
