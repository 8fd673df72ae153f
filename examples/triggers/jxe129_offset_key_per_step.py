"""A per-step key made by adding the step to a typed key (JXE129).

Adding to a key worked for raw uint32 keys (`jax.random.PRNGKey`); typed keys refuse it.
"""

import jax

base = jax.random.key(0)
draws = []
for step in range(3):
    step_key = base + step  # expect: JXE129
    draws.append(jax.random.uniform(step_key))
print(draws)
