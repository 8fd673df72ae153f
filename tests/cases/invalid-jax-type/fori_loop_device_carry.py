import jax
from jax import lax

print(lax.fori_loop(0, 2, lambda i, c: c, (1.0, jax.devices()[0])))  # expect: JXE142
