"""A seed computed with true division, which makes a float (JXE133)."""

import jax

run, runs_per_seed = 6, 2
seed = run / runs_per_seed
key = jax.random.key(seed)  # expect: JXE133
print(jax.random.normal(key))
