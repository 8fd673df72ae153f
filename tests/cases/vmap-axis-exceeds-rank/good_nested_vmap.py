import jax
import jax.numpy as jnp


def inner(row, c):
    return jax.vmap(lambda v: v * c)(row)


m = jnp.ones((3, 4))
print(jax.vmap(inner, in_axes=(0, None))(m, 2.0))
