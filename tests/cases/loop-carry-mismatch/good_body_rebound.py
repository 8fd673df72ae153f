import sys

import jax.numpy as jnp
from jax import lax

if len(sys.argv) > 5:
    body = lambda i, c: c + 0.5  # noqa: E731
else:
    body = lambda i, c: c + 1  # noqa: E731
print(lax.fori_loop(0, 3, body, jnp.int32(0)))
