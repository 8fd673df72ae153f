"""Floor division keeps the seed an integer."""

import jax

run, runs_per_seed = 6, 2
seed = run // runs_per_seed
key = jax.random.key(seed)
print(jax.random.normal(key))
