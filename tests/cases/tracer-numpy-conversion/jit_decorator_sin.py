import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def wave(x):
    return np.sin(x) * 2.0  # expect: JXE074


print(wave(jnp.arange(3.0)))
