import jax
import jax.numpy as jnp

table = jnp.array([1.0, 2.0, 3.0])


@jax.jit
def f(i):
    return table[i]


print(f(1))
