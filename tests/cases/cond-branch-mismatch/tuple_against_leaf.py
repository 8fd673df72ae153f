import jax.numpy as jnp
from jax.lax import cond

x = jnp.ones(2)
out = cond(True, lambda v: (v, v), lambda v: v, x)  # expect: JXE095
print(out)
