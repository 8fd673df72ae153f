import sys

import jax

x = 3
if len(sys.argv) < 5:
    x = 3.0
print(jax.grad(lambda v: v * v)(x))
