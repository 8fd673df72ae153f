import jax
import jax.numpy as jnp


def square(z):
    return (z * z).sum()


print(jax.grad(square, holomorphic=True)(jnp.array([1.0 + 1.0j, 2.0 - 1.0j])))
