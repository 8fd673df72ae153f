from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def head_sum(x, count):
    keep = jnp.arange(x.shape[0]) < count
    return x[keep].sum()  # expect: JXE075


summed = head_sum
print(summed(jnp.arange(10.0), 4))
