"""`defjvps` with no rule for an argument the function does not differentiate (JXE116): fixed
with None in its place."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_abs(x, eps):
    return jnp.sqrt(x * x + eps)


smooth_abs.defjvps(lambda t, out, x, eps: x / out * t, None)
print(jax.grad(smooth_abs)(0.3, 1e-6))
