"""A per-step key derived with jax.random.fold_in."""

import jax

base = jax.random.key(0)
draws = []
for step in range(3):
    step_key = jax.random.fold_in(base, step)
    draws.append(jax.random.uniform(step_key))
print(draws)
