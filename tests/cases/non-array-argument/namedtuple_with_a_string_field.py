from typing import Any, NamedTuple

import jax


class Container(NamedTuple):
    name: str
    a: Any
    b: Any


@jax.jit
def total(x):
    return x.a + x.b


box = Container("box", 1.0, 2.0)
print(total(box))  # expect: JXE081
