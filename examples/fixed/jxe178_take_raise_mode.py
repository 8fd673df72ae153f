import jax.numpy as jnp

embeddings = jnp.arange(12.0).reshape(4, 3)
token_ids = jnp.array([0, 3, 1])
print(jnp.take(embeddings, token_ids, axis=0, mode="clip"))
