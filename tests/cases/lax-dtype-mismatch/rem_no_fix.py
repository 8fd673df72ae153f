import jax.numpy as jnp
from jax import lax

steps = jnp.arange(6)
print(lax.rem(steps, 2.0))  # expect: JXE098
