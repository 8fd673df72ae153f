import jax.numpy as jnp
import numpy as np


def make(use_jax):
    if use_jax:
        out = jnp.zeros(3)
        return out
    else:
        out = np.zeros(3)
    out[0] = 1.0
    return out


print(make(False))
