import functools

import jax.numpy as jnp
from jax import lax

add_one = functools.partial(lax.add, 1.0)
print(add_one(jnp.ones(3)))
