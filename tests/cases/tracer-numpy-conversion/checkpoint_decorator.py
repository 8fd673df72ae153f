import jax
import jax.numpy as jnp
import numpy as np


@jax.checkpoint
def block(x):
    return np.tanh(x) * 2.0  # expect: JXE074


print(block(jnp.ones(2)))
