import numpy as np
import jax
import jax.numpy as jnp


def offsets(n):
    return np.arange(n) * 10 + 1  # NumPy arithmetic: still a NumPy array


@jax.jit
def lookup(ids):
    table = offsets(ids.shape[0])
    return table[ids]  # expect: JXE074


print(lookup(jnp.array([2, 0, 1], dtype=jnp.int32)))
