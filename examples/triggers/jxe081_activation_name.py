"""A string option passed to a jitted function (JXE081).

jax.jit turns every argument that is not static into an abstract array; a string has no
shape or dtype, so the call raises before the function runs.
"""

import jax
import jax.numpy as jnp


def dense(x, w, activation):
    y = x @ w
    return jax.nn.relu(y) if activation == "relu" else jnp.tanh(y)


dense_fast = jax.jit(dense)
print(dense_fast(jnp.ones((2, 3)), jnp.ones((3, 4)), "relu"))  # expect: JXE081
