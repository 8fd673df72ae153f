import numpy as np

import jax
import jax.numpy as jnp


def power(x, n):
    return x ** n


print(jax.jit(power, static_argnums=1)(jnp.ones(3), np.int32(2)))  # a NumPy scalar hashes
