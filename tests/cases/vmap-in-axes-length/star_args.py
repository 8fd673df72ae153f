import jax
import jax.numpy as jnp


def f(x, y):
    return x * y


args = (jnp.ones(3), 2.0)
print(jax.vmap(f, in_axes=(0, None))(*args))
kwargs = {"y": jnp.ones(3)}
print(jax.vmap(f, in_axes=(0,))(jnp.ones(3), **kwargs))
