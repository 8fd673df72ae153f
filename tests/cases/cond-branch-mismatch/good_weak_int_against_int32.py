import jax.numpy as jnp
from jax import lax

print(lax.cond(True, lambda: 1, lambda: jnp.int32(2)))
