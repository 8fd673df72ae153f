"""The fwd and bwd rules are written, the registration line is not (JXE052).

Any call raises, even the plain one below, before differentiation.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(x):  # expect: JXE052
    return jnp.sqrt(jnp.sum(x * x) + 1e-12)


def safe_norm_fwd(x):
    norm = safe_norm(x)
    return norm, (x, norm)


def safe_norm_bwd(res, g):
    x, norm = res
    return (g * x / norm,)


print(safe_norm(jnp.ones(3)))
print(jax.grad(safe_norm)(jnp.ones(3)))
