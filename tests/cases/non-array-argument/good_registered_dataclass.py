import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["n"])
@dataclasses.dataclass
class Linear:
    w: jax.Array
    n: int

    @jax.jit
    def apply(self, x):
        return self.w * x * self.n


print(Linear(jnp.ones(2), 3).apply(jnp.ones(2)))
