import jax
import jax.numpy as jnp


def f(x, flag=True):
    if flag:
        return jnp.sum(x)
    return x


print(jax.grad(f)(jnp.ones(3)))
