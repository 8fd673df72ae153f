import jax
import jax.numpy as jnp


def f(x, y):
    return x + y


print(jax.vmap(f)(jnp.ones(3), y=jnp.ones(4)))  # expect: JXE094
