import jax
import jax.numpy as jnp


def attend(queries, keys):
    scores = queries @ keys.T
    return jax.nn.softmax(scores, axis=2)  # expect: JXE162


q = jnp.ones((4, 8))
k = jnp.ones((6, 8))
print(attend(q, k))
