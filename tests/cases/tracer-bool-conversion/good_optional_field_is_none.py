import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Options:
    steps: int


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class State:
    x: jax.Array
    mask: jax.Array | None = None


@jax.jit
def run(x, state):
    if state.mask is None:
        return x + state.x
    return x


def loop(x, options):
    for _ in range(options.steps):
        x = x + 1
    return x


print(run(jnp.ones(2), State(jnp.ones(2))))
print(loop(jnp.ones(2), Options(3)))
