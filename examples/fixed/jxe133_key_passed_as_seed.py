"""A key is split, not used as a seed."""

import jax


def make_rng(seed):
    return jax.random.PRNGKey(seed)


key = make_rng(0)
key, sub = jax.random.split(key)
print(jax.random.normal(sub, (2,)))
