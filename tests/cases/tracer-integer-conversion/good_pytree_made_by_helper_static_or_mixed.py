import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Rollout:
    positions: jax.Array
    steps_left: int = dataclasses.field(metadata=dict(static=True), default=4)


@dataclasses.dataclass(frozen=True)
class Plain:
    positions: jax.Array
    steps_left: jax.Array


jax.tree_util.register_pytree_node(
    Plain, lambda p: ((p.positions,), p.steps_left), lambda aux, children: Plain(children[0], aux))


def make_rollout(seed):
    return Rollout(positions=jax.random.normal(jax.random.key(seed), (5, 2)))


def make_either(seed, plain):
    if plain:
        return Plain(jnp.ones((5, 2)), 4)
    return make_rollout(seed)


@jax.jit
def replay(rollout):
    total = jnp.zeros(2)
    for t in range(rollout.steps_left):
        total = total + rollout.positions[t]
    return total


print(replay(make_rollout(0)))
print(replay(make_either(1, True)))
rollouts = [make_rollout(s) for s in range(2)]
for rollout in rollouts:
    print(replay(rollout))
