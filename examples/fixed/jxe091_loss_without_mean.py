"""The squared errors are averaged: the loss is one number."""

import jax
import jax.numpy as jnp


def loss(w, x, y):
    errors = x * w - y
    return jnp.mean(errors ** 2)


w = jnp.ones(4)
x = jnp.linspace(0.0, 1.0, 4)
y = jnp.zeros(4)
print(jax.grad(loss)(w, x, y))
