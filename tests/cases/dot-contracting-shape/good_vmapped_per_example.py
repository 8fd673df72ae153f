import jax
import jax.numpy as jnp


def predict(x, w):
    return x @ w


def scores(q, keys):
    if q.ndim == 2:
        return q @ keys.T @ keys
    return keys @ q


# vmap gives the function one example at a time: (3,) @ (3, 2), where the whole arrays of
# the second call, (8, 3) @ (8, 3, 2), would not fit.
xs = jnp.ones((8, 3))
w = jnp.ones((3, 2))
print(jax.vmap(predict, in_axes=(0, None))(xs, w).shape)
print(jax.vmap(predict)(xs, jnp.ones((8, 3, 2))).shape)
print(jax.vmap(scores, in_axes=(0, None))(xs, jnp.ones((5, 3))).shape)
