import functools

import jax
import jax.numpy as jnp


def energy(x):
    e = jnp.sum(x ** 3)
    return [e, e * 2.0, x]


h = functools.partial(jax.hessian, has_aux=True)(energy)(jnp.ones(2))  # expect: JXE023
print(h)
