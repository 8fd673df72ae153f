from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OptimizerState(NamedTuple):
    packed_state: list
    step: int


@partial(jax.jit, static_argnums=(1,))
def optimize_core(points, opt_state):
    (lr,) = opt_state.packed_state
    return points - lr * jnp.tanh(points)


state = OptimizerState([0.1], 0)
print(optimize_core(jnp.ones(3), state))  # expect: JXE082
