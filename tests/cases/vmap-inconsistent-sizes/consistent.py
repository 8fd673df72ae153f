import functools

import jax
import jax.numpy as jnp


def f(x, y):
    return x * y


def h(p, y):
    return p, y


x = jnp.ones((4, 3))
print(jax.vmap(f)(x, jnp.ones(4)))
print(jax.vmap(f, in_axes=(0, None))(x, jnp.ones(3)))
print(jax.vmap(f, in_axes=(1, 0))(x, jnp.ones(3)))
print(jax.vmap(f, in_axes=-1)(x, jnp.ones((4, 3))))
print(jax.vmap(f, axis_size=4)(x, jnp.ones(4)))
print(jax.vmap(h)((x, x), jnp.ones(4)))
print(jax.vmap(h, in_axes=((0, None), 0))((x, jnp.ones(9)), jnp.ones(4)))
print(jax.vmap(h, in_axes=(0, None))({"a": x, "b": jnp.ones(4)}, 2.0))
print(jax.vmap(f)(x, y=jnp.ones(4)))
print(jax.vmap(functools.partial(f, jnp.ones(9)))(jnp.ones(9)))
print(jnp.vectorize(f)(jnp.ones(3), jnp.ones((4, 1))))
