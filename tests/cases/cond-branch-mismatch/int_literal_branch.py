import jax.numpy as jnp
from jax import lax

x = jnp.float32(2.0)
y = lax.cond(x > 0, lambda v: v * 2.0, lambda v: 0, x)  # expect: JXE095
print(y)
