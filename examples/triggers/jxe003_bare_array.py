"""A one-argument function's bwd rule that returns a bare cotangent (JXE003).

Written as a `defvjp` rule would be, but registered with defvjp_with_logs, which needs a pair
(in_cts, logs). Under jit JAX prints the value as a tracer.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


def safe_log_fwd(x):
    return safe_log(x), x


def safe_log_bwd(x, g):
    return g / jnp.maximum(x, 1e-6)  # expect: JXE003


safe_log.defvjp_with_logs(safe_log_fwd, safe_log_bwd)

grad_fn = jax.jit(jax.grad(lambda x: jnp.sum(safe_log(x))))
print(grad_fn(jnp.array([0.5, 2.0, 0.0])))
