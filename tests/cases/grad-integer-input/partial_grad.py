import functools

import jax
import jax.numpy as jnp


def loss(scale, w):
    return jnp.sum(w) * scale


dloss = functools.partial(jax.grad, argnums=1)(loss)
print(dloss(2, jnp.array([1, 2])))  # expect: JXE090
