"""Floor division keeps the bound an integer."""

import jax

steps = 10
print(jax.lax.fori_loop(0, steps // 2, lambda i, acc: acc + i, 0.0))
