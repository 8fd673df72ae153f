import jax
import jax.numpy as jnp


def cell(h, inputs):
    x, noise = inputs
    h = jnp.tanh(h + x.sum() + noise)
    return h, h


xs = jnp.ones((32, 20, 3))  # (batch, time, features): scanned over batch
noise = jax.random.normal(jax.random.key(0), (20,))
print(jax.lax.scan(cell, 0.0, (xs, noise)))  # expect: JXE122
