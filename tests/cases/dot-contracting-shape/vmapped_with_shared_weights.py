import jax
import jax.numpy as jnp


def predict(x, w):
    return x @ w  # expect: JXE103


# vmap maps the rows of xs (one example: shape (3,)) and hands w over whole (in_axes None).
xs = jnp.ones((8, 3))
w = jnp.ones((4, 2))
print(jax.vmap(predict, in_axes=(0, None))(xs, w))
