"""The bwd rule returns (in_cts, logs), with no logs."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def mul(x, y):
    return x * y


def mul_fwd(x, y):
    return x * y, (x, y)


def mul_bwd(res, g):
    x, y = res
    return (g * y, g * x), None


mul.defvjp_with_logs(mul_fwd, mul_bwd)

print(jax.grad(mul, argnums=(0, 1))(3.0, 4.0))
