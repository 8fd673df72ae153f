import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def corners(x):
    return np.array([x[0], x[-1]])  # expect: JXE074


print(corners(jnp.arange(4.0)))
