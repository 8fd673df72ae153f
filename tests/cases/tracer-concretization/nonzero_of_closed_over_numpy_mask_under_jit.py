import jax
import jax.numpy as jnp
import numpy as np

ACTIVE = np.array([True, False, True, True])


@jax.jit
def gather_active(x):
    rows = jnp.nonzero(ACTIVE)[0]  # expect: JXE071
    return x[rows]


print(gather_active(jnp.arange(8.0).reshape(4, 2)))
