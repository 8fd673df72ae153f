import jax
import jax.numpy as jnp
import numpy as np


def step(carry, x):
    carry = np.maximum(carry, x)  # expect: JXE074
    return carry, carry


print(jax.lax.scan(step, 0.0, jnp.arange(4.0)))
