"""A list cotangent for a function that returns a tuple (JXE021).

A tuple and a list are different pytree nodes, even with the same elements.
"""

import jax
import jax.numpy as jnp


def polar(r, theta):
    return r * jnp.cos(theta), r * jnp.sin(theta)


(x, y), f_vjp = jax.vjp(polar, 2.0, 0.3)
r_bar, theta_bar = f_vjp([1.0, 0.0])  # expect: JXE021
print(r_bar, theta_bar)
