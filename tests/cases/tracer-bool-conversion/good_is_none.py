import jax
import jax.numpy as jnp


def apply(x, bias):
    if bias is None:
        return x
    return x + bias


print(jax.jit(apply)(jnp.ones(2), None), jax.jit(apply)(jnp.ones(2), jnp.ones(2)))
