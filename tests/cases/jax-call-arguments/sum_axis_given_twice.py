import jax.numpy as jnp

totals = jnp.sum(jnp.ones((2, 3)), 0, axis=1)  # expect: JXE169
print(totals)
