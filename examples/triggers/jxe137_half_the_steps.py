"""Half of the steps, computed with true division: the upper bound is a float (JXE137)."""

import jax

steps = 10
print(jax.lax.fori_loop(0, steps / 2, lambda i, acc: acc + i, 0.0))  # expect: JXE137
