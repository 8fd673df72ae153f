"""in_axes written as a dict keyed by parameter names (JXE093).

jax.vmap wants an int, None or a tuple with one entry per positional argument.
"""

import jax
import jax.numpy as jnp


def predict(w, x):
    return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
xs = jnp.ones((8, 3))
batched = jax.vmap(predict, in_axes={"w": None, "x": 0})  # expect: JXE093
print(batched(w, xs).shape)
