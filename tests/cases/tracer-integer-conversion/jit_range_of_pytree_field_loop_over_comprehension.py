import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Episode:
    rewards: jax.Array
    length: jax.Array


def load_episode(seed):
    rewards = jax.random.uniform(jax.random.key(seed), (6,))
    return Episode(rewards, jnp.array(6))


@jax.jit
def discounted(episode):
    value = 0.0
    for t in range(episode.length):  # expect: JXE073
        value = value * 0.9 + episode.rewards[t]
    return value


episodes = [load_episode(s) for s in range(3)]
for episode in episodes:
    print(discounted(episode))
