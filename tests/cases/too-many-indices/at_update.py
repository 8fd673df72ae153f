import jax.numpy as jnp

counts = jnp.zeros(5, dtype=jnp.int32)
counts = counts.at[2, 0].add(1)  # expect: JXE119
print(counts)
