"""A jvp rule ported from `defjvps` that still returns only the tangent (JXE110): fixed.

`defjvp` rules return `(primal_out, tangent_out)`.
"""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return log1pexp(x), x_dot * jax.nn.sigmoid(x)


print(jax.grad(log1pexp)(3.0))
