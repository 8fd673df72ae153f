import functools

import jax
import jax.numpy as jnp


def accepts_scale(function):
    @functools.wraps(function)
    def wrapper(*args, scale=1.0):
        return scale * function(*args)
    return wrapper


@jax.custom_vjp
@accepts_scale
def scaled_sin(x):
    return jnp.sin(x)


scaled_sin.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (jnp.cos(x) * g,))
print(scaled_sin(0.5))
