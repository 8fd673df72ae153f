"""A defvjp rule switched to defvjp_with_accums that still returns its cotangents (JXE031).

With accumulators, the bwd rule pushes each cotangent into its accumulator and returns only
its logs (None or a dict); returning the cotangent tuple raises TypeError on the backward pass.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted(x, w):
    return jnp.sum(x * w)


def weighted_fwd(x, w):
    return weighted(x, w), (x, w)


def weighted_bwd(res, g, x_acc, w_acc):
    x, w = res
    return g * w, g * x  # expect: JXE031


weighted.defvjp_with_accums(weighted_fwd, weighted_bwd)

x = jnp.arange(3.0)
w = jnp.ones(3)
print(jax.grad(weighted, argnums=(0, 1))(x, w))
