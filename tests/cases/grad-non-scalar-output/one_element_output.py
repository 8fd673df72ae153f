import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * 2.0


print(jax.grad(f)(jnp.ones(1)))  # expect: JXE091
