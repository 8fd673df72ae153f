from collections import namedtuple

import jax
import jax.numpy as jnp

Batch = namedtuple("Batch", ["inputs", "label"])


def loss(batch):
    return jnp.sum(batch.inputs)


print(jax.jit(loss)(Batch(jnp.ones(3), label="cat")))  # expect: JXE081
