from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def scale(xs, n):
    return [x * n for x in xs]  # xs is traced: a list of arrays is a pytree


print(scale([jnp.ones(2), jnp.zeros(2)], 3))
