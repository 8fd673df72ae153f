import jax
import jax.numpy as jnp

operand = dict({1: jnp.ones(2)}, scale=jnp.ones(2))
print(jax.lax.cond(True, lambda d: d, lambda d: d, operand))  # expect: JXE146
