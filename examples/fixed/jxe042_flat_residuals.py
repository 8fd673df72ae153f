"""The fwd rule nests its residuals: `return n, (v, n)`."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v) + 1e-12)


def safe_norm_fwd(v):
    n = safe_norm(v)
    return n, (v, n)


def safe_norm_bwd(res, g):
    v, n = res
    return (g * v / n,)


safe_norm.defvjp(safe_norm_fwd, safe_norm_bwd)

print(jax.grad(safe_norm)(jnp.array([3.0, 4.0])))
