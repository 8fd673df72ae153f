import jax
import jax.numpy as jnp


def combine(a, b, c):
    return a + b + c


a = jnp.zeros(3)
print(jax.vmap(combine)(a, jnp.ones(3), jnp.arange(4)))  # expect: JXE094
