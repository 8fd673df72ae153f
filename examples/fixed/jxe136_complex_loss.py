"""The loss is real: the squared magnitude of the summed amplitudes."""

import jax
import jax.numpy as jnp


def loss(phase):
    return jnp.abs(jnp.sum(jnp.exp(1j * phase))) ** 2


print(jax.grad(loss)(jnp.linspace(0.0, 1.0, 4)))
