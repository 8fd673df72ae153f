"""Shared weights mapped by the default in_axes=0 (JXE094).

Every argument is sliced along axis 0: the 3 rows of w against the 8 examples.
"""

import jax
import jax.numpy as jnp


def predict(w, x):
    return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
xs = jnp.ones((8, 3))
print(jax.vmap(predict)(w, xs).shape)  # expect: JXE094
