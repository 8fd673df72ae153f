"""`defjvps` with no rule for an argument the function does not differentiate (JXE116).

Every positional parameter needs its place: a rule, or None.
"""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_abs(x, eps):
    return jnp.sqrt(x * x + eps)


smooth_abs.defjvps(lambda t, out, x, eps: x / out * t)  # expect: JXE116
print(jax.grad(smooth_abs)(0.3, 1e-6))
