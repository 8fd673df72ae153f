"""The test point is written as a float."""

import jax
import jax.numpy as jnp


def softplus(x):
    return jnp.log1p(jnp.exp(x))


print(jax.grad(softplus)(2.0))
