import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
print(lax.cond(False, lambda v: None, lambda v: v, x))  # expect: JXE095
