import functools

import jax
import jax.numpy as jnp
from jax import lax


def scale(factor, x):
    return x * factor


x = jnp.ones(3)
print(lax.cond(True, functools.partial(scale, 2.0), lambda v: jnp.zeros_like(v), x))
print(lax.cond(True, lambda v: (v, {"a": v}), lambda v: (v + 1, {"a": v * 2}), x))
print(jax.lax.switch(2, [lambda v: v, lambda v: -v, lambda v: jnp.abs(v)], x))
