"""A string option passed to a jitted function (JXE081), fixed.

The option is static: jax.jit hands the string to the function as it is and compiles once
per value.
"""

import jax
import jax.numpy as jnp


def dense(x, w, activation):
    y = x @ w
    return jax.nn.relu(y) if activation == "relu" else jnp.tanh(y)


dense_fast = jax.jit(dense, static_argnames=("activation",))
print(dense_fast(jnp.ones((2, 3)), jnp.ones((3, 4)), "relu"))
