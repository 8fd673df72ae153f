"""jax.grad called with an integer (JXE090).

Checking a derivative at a test point written as `2`: the literal is an int32, and reverse-mode
differentiation needs a real or complex input.
"""

import jax
import jax.numpy as jnp


def softplus(x):
    return jnp.log1p(jnp.exp(x))


print(jax.grad(softplus)(2))  # expect: JXE090
