import jax
import jax.numpy as jnp

scores = jnp.arange(6.0).reshape(2, 3)
weights = jax.nn.softmax(scores, axis=-1)
centered = scores - jnp.mean(scores, axis=0, keepdims=True)
distances = jax.lax.map(lambda pair: pair[1] * jnp.sum(pair[0] ** 2), (scores, jnp.ones(2)))
print(weights, centered, distances, jnp.sort(scores, axis=0))
