import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Rollout:
    positions: jax.Array
    steps_left: jax.Array


def make_rollout(seed, horizon=5):
    key = jax.random.key(seed)
    positions = jax.random.normal(key, (horizon, 2))
    return Rollout(positions=positions, steps_left=jnp.array(horizon - 1))


@jax.jit
def replay(rollout):
    total = jnp.zeros(2)
    for t in range(rollout.steps_left):  # expect: JXE073
        total = total + rollout.positions[t]
    return total


print(replay(make_rollout(0)))
