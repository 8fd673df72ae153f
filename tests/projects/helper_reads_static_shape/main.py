import jax
import jax.numpy as jnp

from pkg.layers import flatten


@jax.jit
def features(x):
    return flatten(x) * 2.0


print(features(jnp.ones((2, 3, 4))).shape)
