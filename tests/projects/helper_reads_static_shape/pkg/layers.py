import jax.numpy as jnp


def flatten(x):
    if x.ndim > 1:
        return jnp.reshape(x, (x.shape[0], -1))
    return x
