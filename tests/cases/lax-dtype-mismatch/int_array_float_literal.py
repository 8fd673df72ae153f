import jax.numpy as jnp
from jax import lax

counts = jnp.arange(4)
half = lax.div(counts, 2.0)  # expect: JXE098
print(half)
