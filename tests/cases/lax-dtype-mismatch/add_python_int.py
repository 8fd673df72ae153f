import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
y = lax.add(x, 1)  # expect: JXE098
print(y)
