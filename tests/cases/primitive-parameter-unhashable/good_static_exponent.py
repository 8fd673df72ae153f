from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnames=("degree", "repeats"))
def features(x, degree, repeats):
    return jnp.tile(lax.integer_pow(x, degree), repeats)


@jax.jit
def powered(x, degree):
    return x ** degree


print(features(jnp.arange(3.0), 2, 2), powered(jnp.arange(3.0), 3), lax.integer_pow(jnp.arange(3.0), 2))
print(jax.vmap(lambda v: jnp.tile(v, 2))(jnp.ones((2, 3))).shape)
