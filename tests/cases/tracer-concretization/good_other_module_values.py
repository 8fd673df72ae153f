import math

import jax
import jax.numpy as jnp

WIDTH = 4


@jax.jit
def f(x):
    return x * int(math.sqrt(16)) + jnp.arange(WIDTH).sum() + float(WIDTH)


print(f(jnp.ones(2)))
