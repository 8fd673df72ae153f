"""The flag is static: JAX compiles `forward` once per value and the `if` tests a Python bool."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("dropout",))
def forward(w, x, dropout: bool):
    h = jnp.tanh(x @ w)
    if dropout:
        h = h * 0.5
    return jnp.sum(h)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
print(forward(w, x, True))
