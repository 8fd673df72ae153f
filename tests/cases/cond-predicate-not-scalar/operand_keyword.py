import jax
import jax.numpy as jnp

flags = jnp.zeros(2) == 0
print(jax.lax.cond(flags, lambda v: v + 1, lambda v: v - 1, operand=3.0))  # expect: JXE135
