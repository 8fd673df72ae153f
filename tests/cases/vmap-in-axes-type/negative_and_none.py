import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


print(jax.vmap(add, in_axes=(-1, None))(jnp.ones((2, 3)), 1.0))
print(jax.vmap(add, in_axes=None, axis_size=2)(jnp.ones(3), 1.0))
print(jnp.vectorize(lambda x: x * 2.0)(jnp.ones(3)))
