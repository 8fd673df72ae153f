"""Per-example SGD steps vmapped over a batch, the learning rate mapped with them (JXE118)."""

import jax
import jax.numpy as jnp


def sgd_step(w, g, lr):
    return w - lr * g


weights = jnp.zeros((8, 3))
grads = jnp.ones((8, 3))
print(jax.vmap(sgd_step)(weights, grads, 0.1))  # expect: JXE118
