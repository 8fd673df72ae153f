"""A keyword-only option on a custom_vjp primal (JXE053).

custom_vjp binds every argument to a position; a keyword-only parameter has none.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def huber(x, *, delta=1.0):
    return jnp.where(jnp.abs(x) < delta, 0.5 * x ** 2, delta * (jnp.abs(x) - 0.5 * delta))


def huber_fwd(x, delta=1.0):
    return huber(x), x


def huber_bwd(x, g):
    return (g * jnp.clip(x, -1.0, 1.0),)


huber.defvjp(huber_fwd, huber_bwd)
print(huber(jnp.arange(-2.0, 3.0), delta=1.0))  # expect: JXE053
