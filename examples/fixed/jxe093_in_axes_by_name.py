"""in_axes as a tuple, in the order of the parameters."""

import jax
import jax.numpy as jnp


def predict(w, x):
    return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
xs = jnp.ones((8, 3))
batched = jax.vmap(predict, in_axes=(None, 0))
print(batched(w, xs).shape)
