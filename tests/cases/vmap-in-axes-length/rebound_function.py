import jax
import jax.numpy as jnp


def f(x, y):
    return x * y


g = jax.vmap(f, in_axes=(0, None))
g = jax.vmap(lambda x: x * 2.0)
print(g(jnp.ones(3)))
