"""Logs as a dict under the newer custom_vjp implementation."""

import jax
import jax.numpy as jnp

jax.config.update("jax_custom_vjp3", True)


@jax.custom_vjp
def smooth_abs(x):
    return jnp.sqrt(x * x + 1e-3)


def smooth_abs_fwd(x):
    y = smooth_abs(x)
    return y, (x, y)


def smooth_abs_bwd(res, g):
    x, y = res
    return (g * x / y,), {"max_abs_g": jnp.max(jnp.abs(g))}


smooth_abs.defvjp_with_logs(smooth_abs_fwd, smooth_abs_bwd)

print(jax.grad(lambda v: jnp.sum(smooth_abs(v)))(jnp.array([-2.0, 0.0, 3.0])))
