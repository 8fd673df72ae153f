import jax
import jax.numpy as jnp

queries = jnp.arange(8.0).reshape(4, 2)
weights = jnp.ones(4)
distances = jax.lax.map(lambda q, w: w * jnp.sum(q ** 2), queries, weights)  # expect: JXE169
print(distances)
