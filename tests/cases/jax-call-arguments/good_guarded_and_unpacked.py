import jax
import jax.numpy as jnp

scores = jnp.arange(6.0).reshape(2, 3)
options = {"axis": -1}
print(jax.nn.softmax(scores, **options))
try:
    weights = jax.nn.softmax(scores, dim=-1)
except TypeError:
    weights = jax.nn.softmax(scores, axis=-1)
print(weights)
