import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * x


print(jax.grad(f)(3))  # expect: JXE090
