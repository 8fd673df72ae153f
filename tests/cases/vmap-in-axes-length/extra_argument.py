import jax
import jax.numpy as jnp


def add3(a, b, c=0.0):
    return a + b + c


g = jax.vmap(add3, (0, 0))
x = jnp.ones(3)
print(g(x, x))
print(g(x, x, x))  # expect: JXE092
