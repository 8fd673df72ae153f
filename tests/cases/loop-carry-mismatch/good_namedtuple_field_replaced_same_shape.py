from typing import NamedTuple

import jax
import jax.numpy as jnp


class Rollout(NamedTuple):
    position: jax.Array
    trajectory: jax.Array


def record(i, carry):
    buffer, state = carry
    buffer = buffer.at[i].set(state.position)
    state = state._replace(position=state.position + 0.1, trajectory=buffer)
    return buffer, state


start = Rollout(position=jnp.zeros(3), trajectory=jnp.zeros((5, 3)))
print(jax.lax.fori_loop(0, 5, record, (jnp.zeros((5, 3)), start)))
