import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def stats(x):
    # These NumPy functions call the array's own method (x.sum(), x.reshape(...)): no conversion.
    return np.sum(x), np.mean(x), np.max(x), np.reshape(x, (3, 1)), np.transpose(x), np.shape(x)


print(stats(jnp.arange(3.0)))
