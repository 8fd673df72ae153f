import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def gaussian(x):
    y = x.astype(np.float32)[:, np.newaxis]
    z = jnp.zeros(3, dtype=np.float32) + np.pi
    w = jnp.full(3, np.inf, np.float32)
    dtype = np.float32
    return jnp.exp(-y ** 2).astype(dtype) / np.sqrt(2 * np.pi), z, w


print(gaussian(jnp.arange(3)))
