from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=(1,))
def head_sum(x, count):
    keep = np.arange(x.shape[0]) < count  # NumPy: concrete while tracing
    return x[keep].sum()


summed = head_sum
print(summed(jnp.arange(10.0), 4))
