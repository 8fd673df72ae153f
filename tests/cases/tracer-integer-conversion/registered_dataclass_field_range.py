import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SimState:
    positions: jax.Array
    remaining_timesteps: jax.Array


@jax.jit
def benchmark(state):
    for _ in range(state.remaining_timesteps):  # expect: JXE073
        state = dataclasses.replace(state, positions=state.positions + 1.0)
    return state


print(benchmark(SimState(jnp.zeros((4, 2)), jnp.array(5))))
