from typing import NamedTuple
import jax
import jax.numpy as jnp


class State(NamedTuple):
    pos: jnp.ndarray
    scale: float


@jax.jit
def step(x):
    pos, scale = State(x * 2, 3.0)
    if scale > 0:  # a Python float the construction gives: not traced
        return pos
    return x


print(step(jnp.ones(2)))
