from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
@partial(jax.vmap, in_axes=[0, None])
def shift(x, s):
    return x + s


print(shift(jnp.ones(3), 1.0))
print(shift(
    jnp.ones(3)))  # expect: JXE092
