import jax.numpy as jnp
from jax import lax


def train_step(grads):
    # Meant for pmap or shard_map (maybe in another module): the file never calls it.
    return lax.pmean(grads, "batch")


print(jnp.ones(2))
