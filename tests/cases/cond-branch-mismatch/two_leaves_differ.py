import jax.numpy as jnp
from jax import lax

x = jnp.ones(2)
print(lax.cond(True, lambda v: (v, v), lambda v: (jnp.zeros(3), jnp.int32(1)), x))  # expect: JXE095
