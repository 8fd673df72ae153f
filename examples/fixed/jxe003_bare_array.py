"""The bwd rule returns ((cotangent,), None): a pair of the cotangent tuple and no logs."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


def safe_log_fwd(x):
    return safe_log(x), x


def safe_log_bwd(x, g):
    return (g / jnp.maximum(x, 1e-6),), None


safe_log.defvjp_with_logs(safe_log_fwd, safe_log_bwd)

grad_fn = jax.jit(jax.grad(lambda x: jnp.sum(safe_log(x))))
print(grad_fn(jnp.array([0.5, 2.0, 0.0])))
