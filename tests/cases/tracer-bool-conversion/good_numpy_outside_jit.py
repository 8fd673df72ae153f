import numpy as np

import jax
import jax.numpy as jnp

data = np.ones(3)
if np.sum(data) > 0 and data.max() < 10:
    data = data / 2


@jax.jit
def double(x):
    return 2 * x


values = double(jnp.asarray(data))
if values.sum() > 0:
    print(values)
