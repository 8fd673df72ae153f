"""The step runs under pmap, which names the axis the collective averages over."""

import jax
import jax.numpy as jnp
from jax import lax


def average_gradients(grads):
    return lax.pmean(grads, axis_name="batch")


devices = jax.local_device_count()
print(jax.pmap(average_gradients, axis_name="batch")(jnp.ones((devices, 3))))
