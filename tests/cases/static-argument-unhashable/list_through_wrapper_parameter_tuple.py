from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def _grid(scale, bounds):
    return scale * jnp.linspace(bounds[0], bounds[1], 5)


def grid(scale, bounds):
    return _grid(scale, bounds)


print(grid(2.0, (-1.0, 1.0)))
