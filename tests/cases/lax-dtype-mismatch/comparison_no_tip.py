import jax.numpy as jnp
from jax import lax

x = jnp.zeros(3, dtype=jnp.float16)
y = jnp.ones(3)
print(lax.lt(x, y))  # expect: JXE098
