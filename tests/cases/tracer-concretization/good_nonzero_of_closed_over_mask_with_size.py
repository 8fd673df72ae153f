import jax
import jax.numpy as jnp
import numpy as np

ACTIVE = np.array([True, False, True, True])
ROWS = jnp.nonzero(ACTIVE)[0]  # eager: the mask is concrete


@jax.jit
def gather_active(x):
    rows = jnp.nonzero(ACTIVE, size=3)[0]
    return x[rows] + x[ROWS]


print(gather_active(jnp.arange(8.0).reshape(4, 2)))
