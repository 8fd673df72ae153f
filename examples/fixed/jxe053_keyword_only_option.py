"""delta is an ordinary parameter (after x, with its default), so it has a position."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def huber(x, delta=1.0):
    return jnp.where(jnp.abs(x) < delta, 0.5 * x ** 2, delta * (jnp.abs(x) - 0.5 * delta))


def huber_fwd(x, delta=1.0):
    return huber(x, delta), (x, delta)


def huber_bwd(res, g):
    x, delta = res
    return (g * jnp.clip(x, -delta, delta), None)


huber.defvjp(huber_fwd, huber_bwd)
print(huber(jnp.arange(-2.0, 3.0), delta=1.0))
