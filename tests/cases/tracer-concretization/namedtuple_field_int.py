from typing import NamedTuple

import jax
import jax.numpy as jnp


class Batch(NamedTuple):
    x: jax.Array
    n: int


@jax.jit
def total(batch):
    return jnp.zeros(int(batch.n)) + batch.x.sum()  # expect: JXE071


print(total(Batch(jnp.ones(3), 4)))
