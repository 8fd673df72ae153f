"""The state is registered as a pytree (a dataclass JAX opens into its fields)."""

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Accumulator:
    total: jax.Array
    count: jax.Array


def body(i, acc):
    return Accumulator(acc.total + i, acc.count + 1)


result = lax.fori_loop(0, 5, body, Accumulator(jnp.float32(0.0), jnp.int32(0)))
print(result.total)
