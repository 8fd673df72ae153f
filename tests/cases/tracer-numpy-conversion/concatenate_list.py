import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def pad(x):
    return np.concatenate([x, jnp.zeros(2)])  # expect: JXE074


print(pad(jnp.ones(2)))
