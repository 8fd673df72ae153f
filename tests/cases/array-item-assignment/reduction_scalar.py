import jax.numpy as jnp

total = jnp.sum(jnp.ones(3))
total[()] = 0.0  # expect: JXE080
print(total)
