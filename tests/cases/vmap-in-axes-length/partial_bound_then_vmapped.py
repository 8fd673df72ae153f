import functools

import jax
import jax.numpy as jnp


def f(w, x):
    return w * x


g = jax.vmap(functools.partial(f, 2.0), in_axes=(0, None))
print(g(jnp.ones(3)))  # expect: JXE092
