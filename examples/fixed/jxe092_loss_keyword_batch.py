"""The batch passed positionally: one in_axes entry per positional argument."""

import jax
import jax.numpy as jnp


def example_loss(params, x):
    return jnp.sum((x @ params) ** 2)


params = jnp.ones((3, 2))
batch = jnp.ones((8, 3))
losses = jax.vmap(example_loss, in_axes=(None, 0))(params, batch)
print(losses.shape)
