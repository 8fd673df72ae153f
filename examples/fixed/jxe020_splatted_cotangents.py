"""One cotangent tuple, shaped like the output pair."""

import jax
import jax.numpy as jnp


def predict(w, x):
    y = jnp.tanh(x @ w)
    return y, jnp.sum(y ** 2)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
(y, energy), f_vjp = jax.vjp(predict, w, x)
w_bar, x_bar = f_vjp((jnp.ones_like(y), jnp.ones_like(energy)))
print(w_bar.shape, x_bar.shape)
