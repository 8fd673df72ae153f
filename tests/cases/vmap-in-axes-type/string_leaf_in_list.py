import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


print(jax.vmap(add, in_axes=[0, "y"])(jnp.ones(3), jnp.ones(3)))  # expect: JXE093
