import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x):
    return jnp.sum((x * params.w + params.b) ** 2)


params = Params(jnp.float32(2.0), jnp.float32(1.0))
print(jax.grad(loss)(params, jnp.arange(3.0)))
