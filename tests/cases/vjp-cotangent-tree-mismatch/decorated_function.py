import functools

import jax
import jax.numpy as jnp


def first_only(fn):
    @functools.wraps(fn)
    def wrapper(x):
        return fn(x)[0]
    return wrapper


@first_only
def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(f_vjp(1.0))
