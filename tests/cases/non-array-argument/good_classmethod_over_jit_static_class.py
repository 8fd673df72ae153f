import functools

import jax
import jax.numpy as jnp


class Grid:
    @classmethod
    @functools.partial(jax.jit, static_argnums=0)
    def spacing(cls, points):
        return jnp.diff(points)


print(Grid.spacing(jnp.array([0.0, 0.5, 1.5])))
