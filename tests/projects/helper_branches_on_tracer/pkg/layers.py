import jax.numpy as jnp


def dense(x, w):
    if x.sum() > 0:  # expect: JXE070
        return x @ w
    return jnp.zeros_like(w)
