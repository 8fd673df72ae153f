import jax.numpy as jnp
from jax import lax

x = jnp.zeros(3)
print(lax.cond(True, lambda v: v + 1.0, lambda v: jnp.zeros((3, 1)), operand=x))  # expect: JXE095
