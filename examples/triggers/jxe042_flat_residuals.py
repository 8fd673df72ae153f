"""A fwd rule that returns its residuals flat next to the output (JXE042).

JAX wants `(output, residuals)`: two things, however many residuals there are.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v) + 1e-12)


def safe_norm_fwd(v):
    n = safe_norm(v)
    return n, v, n  # expect: JXE042


def safe_norm_bwd(res, g):
    v, n = res
    return (g * v / n,)


safe_norm.defvjp(safe_norm_fwd, safe_norm_bwd)

print(jax.grad(safe_norm)(jnp.array([3.0, 4.0])))
