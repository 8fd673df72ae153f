"""Logs as a list under the newer custom_vjp implementation (JXE002, jax/_src/hijax.py).

With `jax_custom_vjp3` on, the same check runs in jax/_src/hijax.py and the message also
names the bwd function.
"""

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
    return (g * x / y,), [jnp.max(jnp.abs(g))]  # expect: JXE002


smooth_abs.defvjp_with_logs(smooth_abs_fwd, smooth_abs_bwd)

print(jax.grad(lambda v: jnp.sum(smooth_abs(v)))(jnp.array([-2.0, 0.0, 3.0])))
