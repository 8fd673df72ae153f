"""A data-parallel training step written for pmap, called directly to debug it (JXE108)."""

import jax.numpy as jnp
from jax import lax


def average_gradients(grads):
    return lax.pmean(grads, axis_name="batch")  # expect: JXE108


print(average_gradients(jnp.ones(3)))
