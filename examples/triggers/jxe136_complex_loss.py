"""A loss built from complex amplitudes, returned complex (JXE136)."""

import jax
import jax.numpy as jnp


def loss(phase):
    return jnp.sum(jnp.exp(1j * phase))


print(jax.grad(loss)(jnp.linspace(0.0, 1.0, 4)))  # expect: JXE136
