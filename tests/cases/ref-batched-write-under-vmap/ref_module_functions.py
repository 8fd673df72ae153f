import functools

import jax
import jax.numpy as jnp

buf = jax.new_ref(jnp.zeros((2, 3)))


def write_row(x):
    jax.ref.set(buf, (0,), x)  # expect: JXE015


functools.partial(jax.vmap, in_axes=0)(write_row)(jnp.ones((4, 3)))
