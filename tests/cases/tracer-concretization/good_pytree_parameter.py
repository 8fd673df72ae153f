import jax
import jax.numpy as jnp


@jax.jit
def apply(params, x):
    w, b = params
    return x @ w + b, len(params)


print(apply((jnp.ones((2, 2)), jnp.zeros(2)), jnp.ones(2)))
