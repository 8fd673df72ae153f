from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OptimizerState(NamedTuple):
    packed_state: tuple
    step: int = 0


@partial(jax.jit, static_argnums=(1,))
def optimize_core(points, opt_state):
    (lr,) = opt_state.packed_state
    return points - lr * jnp.tanh(points)


state = OptimizerState((0.1,))
print(optimize_core(jnp.ones(3), state))
