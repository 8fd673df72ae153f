from functools import partial

import jax
import jax.numpy as jnp

template = jnp.ones((5, 5))
print(jax.vmap(lambda t: t * 2.0, in_axes=None, axis_size=3)(template).shape)
keys = jax.random.split(jax.random.key(0), 4)
print(jax.vmap(lambda k, t: t + jax.random.normal(k, t.shape), in_axes=(0, None))(keys, template).shape)


@partial(jax.vmap, in_axes=None, axis_size=2)
def copies(state):
    return state


print(copies(jnp.arange(3.0)).shape)
