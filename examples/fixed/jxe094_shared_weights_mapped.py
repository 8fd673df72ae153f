"""The weights passed whole to every call: in_axes None for them."""

import jax
import jax.numpy as jnp


def predict(w, x):
    return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
xs = jnp.ones((8, 3))
print(jax.vmap(predict, in_axes=(None, 0))(w, xs).shape)
