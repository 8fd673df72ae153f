import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


print(jax.vmap(add, in_axes=[0, None])(jnp.ones(3), jnp.ones(2)[0]))
print(jax.vmap(add, in_axes=[0, 0])(jnp.ones(3), jnp.ones(3)))
