import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def to_float(x):
    return np.float32(x) + 1.0  # expect: JXE074


print(to_float(jnp.arange(3)))
