import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,), keep_unused=True)
def tile(x, n):
    return jnp.tile(x, n)


print(tile(jnp.ones(2), 2))
print(jax.jit(lambda x, n=2: x * n, static_argnums=-1)(3.0, 4))
