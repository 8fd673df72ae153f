"""The learning rate is shared by the batch: `None` in in_axes (JXE118, fixed)."""

import jax
import jax.numpy as jnp


def sgd_step(w, g, lr):
    return w - lr * g


weights = jnp.zeros((8, 3))
grads = jnp.ones((8, 3))
print(jax.vmap(sgd_step, in_axes=(0, 0, None))(weights, grads, 0.1))
