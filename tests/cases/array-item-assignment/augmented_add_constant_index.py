import jax.numpy as jnp

counts = jnp.zeros(3)
counts[1] += 1.0  # expect: JXE080
print(counts.sum())
