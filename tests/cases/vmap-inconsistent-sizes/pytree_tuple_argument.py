import jax
import jax.numpy as jnp


def f(pair, z):
    a, b = pair
    return a + b + z


a = jnp.ones(3)
b = jnp.ones((4, 2))
print(jax.vmap(f)((a, b), a))  # expect: JXE094
