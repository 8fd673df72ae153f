import jax.numpy as jnp
from jax import lax

x = jnp.ones(2)
print(lax.cond(True, lambda v: (v, v.sum()), lambda v: (v, 0), x))  # expect: JXE095
