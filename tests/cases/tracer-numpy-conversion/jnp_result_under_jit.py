import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def normalized(x):
    centered = x - jnp.mean(x)
    return np.asarray(centered)  # expect: JXE074


print(normalized(jnp.arange(3.0)))
