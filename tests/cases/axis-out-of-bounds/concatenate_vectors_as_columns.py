import jax.numpy as jnp

heights = jnp.array([1.62, 1.75, 1.80])
weights = jnp.array([58.0, 72.5, 80.1])
table = jnp.concatenate([heights, weights], axis=1)  # expect: JXE162
print(table)
