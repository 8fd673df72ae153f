from typing import NamedTuple

import jax
import jax.numpy as jnp


class Metrics(NamedTuple):
    distance: jax.Array
    total: jax.Array


def zero_metrics():
    return Metrics(jnp.zeros(()), jnp.zeros(()))


def evaluate(policy, sites):
    dist = jnp.linalg.norm(sites - policy, axis=-1, keepdims=True)  # one per env and site
    return Metrics(dist, -dist.sum())


@jax.jit
def train_step(policy, counter, sites):
    policy = policy * 0.99
    metrics = jax.lax.cond(counter % 10 == 0,  # expect: JXE095
                           lambda: evaluate(policy, sites),
                           zero_metrics)
    return policy, metrics


sites = jnp.ones((4, 3, 2))
policy = jnp.ones(2)
for counter in range(3):
    policy, metrics = train_step(policy, counter, sites)
print(metrics.total)
