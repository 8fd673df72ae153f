"""The argument to differentiate passed by keyword (JXE024).

argnums counts the positional arguments of the call; `x=` is not one of them.
"""

import jax
import jax.numpy as jnp


def saliency_loss(params, x):
    return jnp.sum(jnp.tanh(x @ params) ** 2)


params = jnp.ones((3, 2))
x = jnp.ones((5, 3))
saliency = jax.grad(saliency_loss, argnums=1)(params, x=x)  # expect: JXE024
print(saliency.shape)
