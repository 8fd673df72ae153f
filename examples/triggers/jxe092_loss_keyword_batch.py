"""The batch passed by keyword to a function vmapped with a tuple in_axes (JXE092).

The entries of in_axes count the positional arguments of the call; `x=` is not one of them.
"""

import jax
import jax.numpy as jnp


def example_loss(params, x):
    return jnp.sum((x @ params) ** 2)


params = jnp.ones((3, 2))
batch = jnp.ones((8, 3))
losses = jax.vmap(example_loss, in_axes=(None, 0))(params, x=batch)  # expect: JXE092
print(losses.shape)
