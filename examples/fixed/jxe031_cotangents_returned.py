"""A defvjp_with_accums rule that fills its accumulators and returns no logs (JXE031, fixed)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def weighted(x, w):
    return jnp.sum(x * w)


def weighted_fwd(x, w):
    return weighted(x, w), (x, w)


def weighted_bwd(res, g, x_acc, w_acc):
    x, w = res
    x_acc.accum(g * w)
    w_acc.accum(g * x)
    return None


weighted.defvjp_with_accums(weighted_fwd, weighted_bwd)

x = jnp.arange(3.0)
w = jnp.ones(3)
print(jax.grad(weighted, argnums=(0, 1))(x, w))
