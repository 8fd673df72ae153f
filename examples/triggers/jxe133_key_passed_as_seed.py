"""A helper written for seeds, called with a key (JXE133)."""

import jax


def make_rng(seed_or_key):
    return jax.random.PRNGKey(seed_or_key)  # expect: JXE133


key = make_rng(0)
sub = make_rng(key)
print(jax.random.normal(sub, (2,)))
