"""The vmapped function returns the losses; the total is updated once, after it."""

import jax
import jax.numpy as jnp

running_loss = jax.new_ref(jnp.zeros(()))


def example_loss(x, y):
    return (jnp.tanh(x) - y) ** 2


xs = jnp.linspace(-1.0, 1.0, 8)
ys = jnp.zeros(8)
running_loss[...] += jax.vmap(example_loss)(xs, ys).sum()
print(running_loss[...])
