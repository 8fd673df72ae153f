from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class Container(NamedTuple):
    name: str
    a: Any
    b: Any


@jax.jit
def total(x):
    return x.a + x.b


# Every field a number or an array: a valid pytree.
print(total(Container(jnp.zeros(()), 1.0, 2.0)))
# Marked static: a named tuple of hashable fields is hashable.
print(jax.jit(lambda x: x.a + x.b, static_argnums=0)(Container("box", 1.0, 2.0)))
