"""A jvp rule ported from `defjvps` that still returns only the tangent (JXE110).

`defjvp` rules return `(primal_out, tangent_out)`; `defjvps` rules return one tangent.
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
    return x_dot * jax.nn.sigmoid(x)  # expect: JXE110


print(jax.grad(log1pexp)(3.0))
