from typing import NamedTuple

import jax
import jax.numpy as jnp


class Line(NamedTuple):  # a NamedTuple is a pytree: self is flattened into its fields
    slope: jax.Array
    offset: jax.Array

    @jax.jit
    def at(self, x):
        return self.slope * x + self.offset


print(Line(jnp.float32(2.0), jnp.float32(1.0)).at(jnp.arange(3.0)))
