import jax.numpy as jnp
from jax import lax

h = jnp.ones((2, 3), dtype=jnp.bfloat16)
out = lax.mul(h, 0.5)  # expect: JXE098
print(out)
