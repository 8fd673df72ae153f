import jax
import jax.numpy as jnp


def f(a, b):
    return a * b


print(jax.grad(f, argnums=1)(2.0, jnp.ones(3)))  # expect: JXE091
