import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
print(lax.add(x, "1"))  # expect: JXE142
