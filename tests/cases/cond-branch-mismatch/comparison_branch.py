import jax
import jax.numpy as jnp

x = jnp.ones(4)
mask = jax.lax.cond(True, lambda v: v > 0, lambda v: v, x)  # expect: JXE095
print(mask)
