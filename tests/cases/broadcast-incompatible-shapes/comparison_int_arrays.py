import jax.numpy as jnp

counts = jnp.arange(5)
limits = jnp.zeros(3, dtype=jnp.int32)
print(counts < limits)  # expect: JXE101
