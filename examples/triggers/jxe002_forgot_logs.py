"""A bwd rule registered with defvjp_with_logs that forgets the logs (JXE002).

`return g * y, g * x` is a pair, so JAX reads `g * y` as the cotangents and `g * x` as the
logs, and complains that the logs are an ArrayImpl.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def mul(x, y):
    return x * y


def mul_fwd(x, y):
    return x * y, (x, y)


def mul_bwd(res, g):
    x, y = res
    return g * y, g * x  # expect: JXE002


mul.defvjp_with_logs(mul_fwd, mul_bwd)

print(jax.grad(mul, argnums=(0, 1))(3.0, 4.0))
