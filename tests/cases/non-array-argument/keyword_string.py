import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=0)
def normalize(x, norm="l2"):
    return x / jnp.linalg.norm(x)


print(normalize(jnp.ones(4), norm="max"))  # expect: JXE081
