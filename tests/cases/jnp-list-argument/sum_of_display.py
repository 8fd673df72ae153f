import jax.numpy as jnp

total = jnp.sum([1.0, 2.0, 3.0])  # expect: JXE097
print(total)
