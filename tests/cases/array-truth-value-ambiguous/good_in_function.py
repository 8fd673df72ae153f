import jax.numpy as jnp


def check(values):
    if values.ndim > 0:  # shapes are Python values
        return bool((values > 0).all())
    return bool(values > 0)


print(check(jnp.array([1.0, 2.0])))
