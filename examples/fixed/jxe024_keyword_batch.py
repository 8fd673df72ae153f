"""The input is passed by position, where argnums=1 finds it."""

import jax
import jax.numpy as jnp


def saliency_loss(params, x):
    return jnp.sum(jnp.tanh(x @ params) ** 2)


params = jnp.ones((3, 2))
x = jnp.ones((5, 3))
saliency = jax.grad(saliency_loss, argnums=1)(params, x)
print(saliency.shape)
