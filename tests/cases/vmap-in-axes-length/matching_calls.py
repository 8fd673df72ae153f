import functools

import jax
import jax.numpy as jnp


def f(x, y, z=1.0):
    return x * y + z


x = jnp.ones(3)
print(jax.vmap(f, in_axes=(0, None))(x, 2.0))
print(jax.vmap(f, in_axes=(0, None, None))(x, 2.0, 3.0))
print(jax.vmap(f, in_axes=(0, None))(x, 2.0, z=x))
print(jax.vmap(f)(x, x))
print(jax.vmap(f, in_axes=0)(x, x, x))
print(jax.vmap(f, in_axes=None, axis_size=2)(1.0, 2.0))
print(jax.vmap(functools.partial(f, z=2.0), in_axes=(0, None))(x, 2.0))
print(jax.vmap(jax.vmap(f, in_axes=(0, None)), in_axes=(0, None))(jnp.ones((2, 3)), 2.0))
