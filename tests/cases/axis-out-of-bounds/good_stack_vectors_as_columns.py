import jax
import jax.numpy as jnp

heights = jnp.array([1.62, 1.75, 1.80])
weights = jnp.array([58.0, 72.5, 80.1])
table = jnp.stack([heights, weights], axis=1)
joined = jnp.concatenate([table, table], axis=1)
codes = jax.nn.one_hot(jnp.array([0, 2, 1]), 3, axis=1)
column = jnp.expand_dims(heights, 1)
print(table, joined, codes, column)
