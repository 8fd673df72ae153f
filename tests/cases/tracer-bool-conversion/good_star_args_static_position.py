import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def pick(x, *flags):
    if flags[0]:
        return x
    return -x


print(pick(jnp.ones(2), True))
