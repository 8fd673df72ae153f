import jax.numpy as jnp


def dense(x, w):
    if x.sum() > 0:
        return x @ w
    return jnp.zeros_like(w)
