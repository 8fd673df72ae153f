import jax.numpy as jnp
from jax import lax

print(lax.fori_loop(0, 3, lambda i, c: c + 1.5, jnp.int32(0)))  # expect: JXE096
